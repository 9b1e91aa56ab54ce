/**
 * The shape of an app's own links (its `appLinks` in app.ts) and of the site's app-ads.txt
 * lines: the addresses of this site that open the app, and what Apple, Google and the ad
 * networks read on the site to trust it. content/schema.ts adds them to the app and the site;
 * content/app-links-check.ts checks what a single field cannot (a link beneath its own app's
 * page, an id declared by one app only).
 */
import { z } from 'zod';

/** A parameter of a link's address: `:` and a name, e.g. `:id`; it stands for one segment. */
export const LINK_PARAM = /^:([a-zA-Z][a-zA-Z0-9]*)$/;

/** A fixed segment of a link's address: lower-case letters, digits, `-`, `.`, `_` and `~`. */
const FIXED_SEGMENT = /^[a-z0-9][a-z0-9._~-]*$/;

function isLinkPath(value: string, leadingSlash: boolean): boolean {
  if (leadingSlash !== value.startsWith('/')) return false;
  const segments = (leadingSlash ? value.slice(1) : value).split('/');
  return segments.every((segment) => FIXED_SEGMENT.test(segment) || LINK_PARAM.test(segment));
}

/** The names of the parameters of a link's address, in order. */
export function linkParams(value: string): string[] {
  return value.split('/').flatMap((segment) => LINK_PARAM.exec(segment)?.[1] ?? []);
}

const LinkPathSchema = z
  .string()
  .refine(
    (value) => isLinkPath(value, true),
    'must be an address like /your-app/r/:id: segments of lower-case letters, digits, "-", ".", "_" or "~", or a :name parameter',
  )
  .refine(
    (value) => new Set(linkParams(value)).size === linkParams(value).length,
    'names a parameter twice',
  );

export const LinkPatternSchema = z
  .strictObject({
    /**
     * The address on this site, beneath the app's own page: fixed segments and `:name`
     * parameters, each standing for one segment, e.g. `/reciperealm/r/:id`. It is answered
     * with the link's own page, is one of the app's universal-link paths in
     * apple-app-site-association (a parameter there is `?*`), and the app's pages beneath
     * its page (its legal pages, its support page) keep their addresses before it.
     */
    path: LinkPathSchema,
    /**
     * The query parameters the link carries, passed on to the app, e.g. `['room']` for
     * `/logiqo/:game?room=…`; Apple's file then matches only addresses that carry each.
     * Default none: the query of an address is not passed on.
     */
    query: z
      .array(z.string().regex(/^[A-Za-z0-9_.-]+$/, 'must be a query parameter name like room'))
      .refine((names) => new Set(names).size === names.length, 'names a parameter twice')
      .optional(),
    /**
     * What the app's custom scheme opens, with the same `:name` parameters, e.g. `recipe/:id`
     * for `reciperealm://recipe/123`; default the address beneath the app's page (`r/:id`).
     */
    appPath: z
      .string()
      .refine(
        (value) => value === '' || isLinkPath(value, false),
        'must be a path like recipe/:id, without a leading /',
      )
      .optional(),
    /** What the link is: its page's heading and title, e.g. "A recipe shared with you". */
    title: z.string().min(1).max(80),
    /** One or two sentences under the heading; also the link preview's description. */
    description: z.string().min(20).max(200),
  })
  .superRefine((pattern, context) => {
    if (pattern.appPath === undefined) return;
    const known = linkParams(pattern.path);
    for (const name of linkParams(pattern.appPath)) {
      if (known.includes(name)) continue;
      context.addIssue({
        code: 'custom',
        path: ['appPath'],
        message: `:${name} is not a parameter of path "${pattern.path}"`,
      });
    }
  });
export type LinkPattern = z.infer<typeof LinkPatternSchema>;

/** Schemes a link must never open: the web's own and the browser's. */
const RESERVED_SCHEMES = new Set([
  'about',
  'blob',
  'content',
  'data',
  'file',
  'ftp',
  'http',
  'https',
  'intent',
  'javascript',
  'mailto',
  'sms',
  'tel',
  'vbscript',
  'ws',
  'wss',
]);

export const AppleLinksSchema = z.strictObject({
  /**
   * The Team ID of your Apple developer account (Membership details): 10 upper-case letters
   * and digits. With a bundle id it makes the app ID that Apple's file names.
   */
  teamId: z
    .string()
    .regex(
      /^[A-Z0-9]{10}$/,
      'must be a Team ID: 10 upper-case letters and digits, like A1B2C3D4E5',
    ),
  /** The bundle ids of the app's targets that open the links, e.g. `com.example.reciperealm`. */
  bundleIds: z
    .array(
      z
        .string()
        .regex(
          /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/,
          'must be a bundle id like com.example.reciperealm',
        ),
    )
    .min(1),
  /**
   * Whether the app shares this site's saved passwords (AutoFill): its app IDs go into the
   * file's `webcredentials`, for the app's `webcredentials:` Associated Domain. Default false.
   */
  webcredentials: z.boolean().optional(),
});

export const AndroidLinksSchema = z.strictObject({
  /** The app's package name (its application id), e.g. `com.example.reciperealm`. */
  package: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/,
      'must be a package name like com.example.reciperealm',
    ),
  /**
   * The SHA-256 fingerprints of the certificates that sign the app, as `keytool -list -v`
   * and Play Console (Test and release → App integrity → App signing) show them: the app
   * signing key's, and the upload key's to verify builds you install yourself.
   */
  sha256CertFingerprints: z
    .array(
      z
        .string()
        .regex(
          /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/,
          'must be a SHA-256 fingerprint: 32 bytes in upper-case hex joined by ":", like 14:6D:E9:…:5E',
        ),
    )
    .min(1),
});

export const AppLinksSchema = z
  .strictObject({
    /**
     * The app's custom URL scheme, without `://`, e.g. `reciperealm`: a link's page offers
     * "Open in the app" at `reciperealm://…`. Needed with `patterns`.
     */
    scheme: z
      .string()
      .regex(/^[a-z][a-z0-9+.-]{1,31}$/, 'must be a URL scheme like reciperealm (lower-case)')
      .refine((scheme) => !RESERVED_SCHEMES.has(scheme), 'is a scheme of the web, not an app’s')
      .optional(),
    /**
     * The app's links: each address answers with a page of its own (the app, what the link
     * is, Open in the app, the store buttons) and is a universal link of the app. Default
     * none.
     */
    patterns: z.array(LinkPatternSchema).optional(),
    /** The app on Apple's platforms, for apple-app-site-association; default none. */
    apple: AppleLinksSchema.optional(),
    /** The app on Android, for assetlinks.json (App Links); default none. */
    android: AndroidLinksSchema.optional(),
  })
  .superRefine((links, context) => {
    if ((links.patterns ?? []).length > 0 && links.scheme === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['scheme'],
        message: 'is needed with patterns: the scheme the links open, like reciperealm',
      });
    }
  });
export type AppLinks = z.infer<typeof AppLinksSchema>;

/** The variables an app-ads.txt file may set, besides its records. */
const APP_ADS_VARIABLES = ['contact', 'ownerdomain', 'managerdomain', 'inventorypartnerdomain'];

/**
 * Whether a line is an app-ads.txt record (the ad system's domain, your publisher account id
 * there, DIRECT or RESELLER, and optionally its certification authority id) or a variable.
 */
function isAppAdsLine(line: string): boolean {
  const variable = /^([A-Za-z]+)=\S/.exec(line);
  if (variable) return APP_ADS_VARIABLES.includes(variable[1]?.toLowerCase() ?? '');
  const fields = line.split(',').map((field) => field.trim());
  if (fields.length < 3 || fields.length > 4) return false;
  const [domain = '', account = '', relation = '', authority] = fields;
  return (
    /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(domain) &&
    /^[^\s#]+$/.test(account) &&
    /^(?:DIRECT|RESELLER)$/i.test(relation) &&
    (authority === undefined || /^[A-Za-z0-9]+$/.test(authority))
  );
}

/** The lines of /app-ads.txt, each a record or a variable of the IAB's app-ads.txt format. */
export const AppAdsTxtSchema = z
  .array(
    z
      .string()
      .refine(
        isAppAdsLine,
        'must be an app-ads.txt record like "google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0" (ad system domain, publisher account id, DIRECT or RESELLER, certification authority id) or a variable like "contact=ads@example.com"',
      ),
  )
  .min(1);
