/**
 * The shape of a technology in content/technologies.ts, which that file is checked against.
 * It lives apart from content/schema.ts because schema.ts takes the technology ids from
 * technologies.ts: were this shape there too, the two files would import each other.
 */
import { z } from 'zod';
import { HttpsUrlSchema, SlugSchema } from './fields.ts';

export const TechnologySchema = z.strictObject({
  /** Name read by screen readers and shown as the icon's tooltip. */
  name: z.string().min(1),
  /** The technology's official page. */
  href: HttpsUrlSchema,
  /**
   * Its mark in the logo row: the slug of a simple-icons icon (https://simpleicons.org,
   * e.g. `react`), or the name of a single-colour SVG file in content/technologies/
   * (e.g. `vscode.svg`, 24 × 24), for a technology that set lacks.
   */
  icon: z
    .string()
    .regex(
      /^(?:[a-z0-9]+|[\w.-]+\.svg)$/,
      'must be a simple-icons slug like "react" or an SVG file name like "vscode.svg"',
    ),
});
export type Technology = z.infer<typeof TechnologySchema>;

/**
 * The fields of a technology that only the build reads (its icon becomes the generated
 * marks): the browser's bundle leaves them out (scripts/browser-content.ts).
 */
export const BUILD_ONLY_TECHNOLOGY_FIELDS = ['icon'] as const;
/** A technology as the site's code reads it, in the browser. */
export type BrowserTechnology = Omit<Technology, (typeof BUILD_ONLY_TECHNOLOGY_FIELDS)[number]>;
export type TechnologyInput = z.input<typeof TechnologySchema>;

/** Every technology a logo row can show, by id (lower-case, hyphenated). */
export const TechnologiesSchema = z.record(SlugSchema, TechnologySchema);
