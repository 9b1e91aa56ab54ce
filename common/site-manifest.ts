/**
 * What the build tells the server about the site: which files answer which paths, the
 * hashes of each page's inline scripts (for the Content-Security-Policy), and the apps.
 * Written by the build to build/site.json; read and checked by the server at start.
 */
import { z } from 'zod';

export const SITE_MANIFEST_FILE = 'site.json';

const HtmlFileSchema = z.strictObject({
  /** Path of the HTML file inside the client folder, e.g. `echoexpense/index.html`. */
  file: z.string().min(1),
  /** CSP source expressions (`'sha256-…'`) of the file's inline scripts. */
  scriptHashes: z.array(z.string()),
});
export type HtmlFile = z.infer<typeof HtmlFileSchema>;

export const SiteManifestSchema = z.strictObject({
  buildId: z.string().min(1),
  /** The language of these pages, e.g. `en`. */
  language: z.string().min(1),
  /**
   * The site's other languages (in the default language's manifest): each is built apart,
   * its site.json in a folder of the build named after it (`es/`), its pages and files in
   * that folder of the client's (`client/es/`), and served under its prefix (`/es/…`).
   * Default none.
   */
  otherLanguages: z.array(z.string().min(1)).optional(),
  publicUrl: z.url(),
  /** The origin the form posts to when it is not the pages' own (FEEDBACK_API_URL). */
  feedbackApiOrigin: z.url().optional(),
  apps: z.array(
    z.strictObject({
      slug: z.string(),
      name: z.string(),
      legal: z.boolean(),
      /** Its further legal pages, by sub-route segment with their titles. */
      legalPages: z.record(z.string(), z.string()).optional(),
      /** Its icon's address, where it has one. */
      icon: z.string().optional(),
    }),
  ),
  /** Every prerendered page by its path. */
  pages: z.record(z.string(), HtmlFileSchema),
  /** The app shell, served for an app's sub-paths. */
  appShell: HtmlFileSchema,
  /** The 404 page. */
  notFound: HtmlFileSchema,
  /**
   * The pages of the apps' links (common/app-links.ts): each answers every address of its
   * link, with what the app's scheme opens for that address written in. Default none.
   */
  appLinks: z
    .array(
      z.strictObject({
        slug: z.string(),
        scheme: z.string(),
        /** The link's address, e.g. `/reciperealm/r/:id`. */
        path: z.string(),
        query: z.array(z.string()).optional(),
        appPath: z.string().optional(),
        page: HtmlFileSchema,
      }),
    )
    .optional(),
});
export type SiteManifest = z.infer<typeof SiteManifestSchema>;
