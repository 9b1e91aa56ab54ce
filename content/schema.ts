/**
 * The shape of everything the owner edits in `content/`; a technology's is in
 * content/technology-schema.ts.
 *
 * Content files are plain TypeScript objects that end in `satisfies XInput`, so the editor
 * flags a typo as it is typed; `validateContent` (content/validate.ts) then checks the whole
 * set at build time and stops the build with the app's slug and the field at fault.
 * The schemas are only used at build time and in tests: the browser bundle never loads zod
 * for content.
 */
import { z } from 'zod';
import { AppAdsTxtSchema, AppLinksSchema } from './app-links-schema.ts';
import { HttpsUrlSchema, SlugSchema } from './fields.ts';
import { englishOnly } from './languages.ts';
import type { technologies } from './technologies.ts';

/** A colour written as #rrggbb. */
const HexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1e90ff');

/**
 * A language, as a BCP 47 tag: `en`, `es`, `ar`, `pt-BR`, `zh-Hant`. It names the page's
 * `lang`, its translations' files (`site.es.ts`, `app.es.ts`, `privacy.es.md`) and, for every
 * language but the default, the prefix of its addresses (`/es/echoexpense`).
 */
export const LanguageSchema = z
  .string()
  .regex(
    /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/,
    'must be a language tag like en, es, ar or pt-BR',
  );

/** The site's languages: the default, at today's addresses, and the others, each under its prefix. */
export const LanguagesSchema = z
  .strictObject({
    /** The language the content files are written in; its pages keep the plain addresses. */
    default: LanguageSchema,
    /** The languages it is translated into, in the order the language control lists them. */
    others: z.array(LanguageSchema),
  })
  .superRefine((languages, context) => {
    languages.others.forEach((language, index) => {
      if (language === languages.default || languages.others.indexOf(language) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['others', index],
          message: `"${language}" is listed twice; each language once`,
        });
      }
    });
  });

export const SiteSchema = z.strictObject({
  /**
   * The languages of the site: `{ default: 'en', others: ['es'] }`. Each text the owner writes
   * can be given in another language beside its file (`site.es.ts`, `apps/<slug>/app.es.ts`,
   * `apps/<slug>/privacy.es.md`); what is not translated is shown in the default language.
   * Default English alone.
   */
  languages: LanguagesSchema.default(englishOnly),
  /** The owner's name, shown in the top bar and the home page's hero. */
  ownerName: z.string().min(1),
  /** One line under the name: what the owner builds. */
  tagline: z.string().min(1),
  /** The site's name in titles and link previews, e.g. "Ada Lovelace — iOS and web apps". */
  siteName: z.string().min(1),
  /**
   * Meta description of the home page (about 150 characters); `{{apps.count}}` in it
   * becomes the number of apps.
   */
  description: z.string().min(50).max(200),
  /** About Me, one string per paragraph. */
  aboutMe: z.array(z.string().min(1)).min(1),
  /** Where visitors reach the owner; each becomes a button in Contact. */
  contact: z.strictObject({
    /** Full address of the LinkedIn profile. */
    linkedin: HttpsUrlSchema,
    /** Email address, opened with `mailto:`. */
    email: z.email(),
    /** Phone number in international form (+1 555 0100), opened with `tel:`. */
    phone: z.string().regex(/^\+?[0-9 ()-]{7,20}$/, 'must be a phone number like +1 555 555 0100'),
    /** Number for text messages, opened with `sms:`; often the same as `phone`. */
    sms: z.string().regex(/^\+?[0-9 ()-]{7,20}$/, 'must be a phone number like +1 555 555 0100'),
  }),
  /** The owner's profile on the code host; every logo row starts with it. */
  codeHostUrl: HttpsUrlSchema,
  /**
   * A PDF of the owner's résumé in content/ (`'resume.pdf'`): home links it beside the
   * contact links with its size, "Résumé (PDF, 48 KB)", and the site serves it at
   * `/resume/resume.pdf`, cached for an hour. Default none.
   */
  resume: z
    .string()
    .regex(/^[\w.-]+\.pdf$/, 'must be the name of a .pdf file in content/, like resume.pdf')
    .optional(),
  /**
   * The lines of /app-ads.txt, which ad networks read to check who may sell ads in your apps
   * (the IAB's app-ads.txt); default none, and no file.
   */
  appAdsTxt: AppAdsTxtSchema.optional(),
});
export type Site = z.infer<typeof SiteSchema>;
export type SiteInput = z.input<typeof SiteSchema>;

/** The Skills list on the home page, in display order. */
export const SkillsSchema = z.array(z.string().min(1)).min(1);
export type SkillsInput = z.input<typeof SkillsSchema>;

/**
 * A technology's id: its key in content/technologies.ts (`react`, `core-data`). Adding an
 * entry there is all it takes to use a new one in an app's `technologies`.
 */
export type TechnologyId = keyof typeof technologies;

/** The external buttons an app page can show, in the order they are listed. */
export const BUTTON_KINDS = ['landing', 'appStore', 'playStore', 'testFlight'] as const;
export const ButtonSchema = z.strictObject({
  /** Which button: Landing Page, Apple Store, Play Store or TestFlight. */
  kind: z.enum(BUTTON_KINDS),
  /** Where it leads; opened in a new tab. */
  href: HttpsUrlSchema,
  /**
   * The button's words, in place of its kind's (Landing Page, Apple Store, Play Store,
   * TestFlight): for example Apple's own "App Store".
   */
  label: z.string().trim().min(1).max(24).optional(),
});
export type AppButton = z.infer<typeof ButtonSchema>;

export const ScreenshotFileSchema = z.strictObject({
  /** Image file in the app's `screenshots/` folder: PNG, JPEG or WebP, portrait. */
  file: z.string().regex(/^[\w.-]+\.(png|jpe?g|webp)$/i, 'must be a .png, .jpg or .webp file name'),
  /** What the screenshot shows, read by screen readers. */
  alt: z.string().min(1),
});
export type ScreenshotFile = z.infer<typeof ScreenshotFileSchema>;

export const ScreenshotsSchema = z.union([
  /** Until real screenshots exist: this many generated, clearly labelled placeholders. */
  z.strictObject({ placeholders: z.int().min(1).max(60) }),
  /** The owner's own screenshots, in display order. */
  z.array(ScreenshotFileSchema).min(1).max(60),
]);

/**
 * What kind of app it is, in the words of schema.org's `applicationCategory` (the values
 * search engines recognise).
 */
export const APP_CATEGORIES = [
  'BusinessApplication',
  'CommunicationApplication',
  'DesignApplication',
  'DeveloperApplication',
  'EducationalApplication',
  'EntertainmentApplication',
  'FinanceApplication',
  'GameApplication',
  'HealthApplication',
  'HomeApplication',
  'LifestyleApplication',
  'MultimediaApplication',
  'ReferenceApplication',
  'SecurityApplication',
  'ShoppingApplication',
  'SocialNetworkingApplication',
  'SportsApplication',
  'TravelApplication',
  'UtilitiesApplication',
] as const;

export const AppSchema = z.strictObject({
  /** The page's address (`/echoexpense`); must equal the app's folder name. */
  slug: SlugSchema,
  /** Display name; also the `appName` of its feedback messages. */
  name: z.string().min(1).max(60),
  /** Position in the menu and the All Projects slider, from 1. */
  order: z.int().min(1),
  /** Accent colour for the app's placeholder screenshots and the rule under its title. */
  accent: HexColourSchema,
  /** One sentence for link previews and search results (meta description). */
  summary: z.string().min(50).max(200),
  /**
   * Where the app runs: `mobile` (iPhone, iPad, Android: its screenshots are shown in a
   * phone frame) or `web` (in a browser: a browser-window frame, landscape).
   */
  platform: z.enum(['mobile', 'web']),
  /** The app's category for search engines, e.g. `FinanceApplication`; see APP_CATEGORIES. */
  category: z.enum(APP_CATEGORIES),
  /** Where the page title links: the store or test-build listing (new tab). */
  titleHref: HttpsUrlSchema,
  /** External buttons under the title, in this order. */
  buttons: z.array(ButtonSchema),
  /** The description, one string per paragraph. */
  description: z.array(z.string().min(1)).min(1),
  /** Feature list under the description, one short bullet each. */
  features: z.array(z.string().min(1)).min(1),
  /**
   * Technologies in the logo row, after the code-host logo: ids from content/technologies.ts.
   * Typed as those ids, so the editor flags a typo in an app file; validateContent checks
   * each against the technologies it is given and names any other.
   */
  technologies: z.array(z.string<TechnologyId>()).min(1),
  /** Screenshots for the carousel. */
  screenshots: ScreenshotsSchema,
  /**
   * The app's icon, a file in its folder: a square PNG of at least 180 × 180 px (the App
   * Store's 1024 px one does), or a square SVG. It shows beside the app's name on its page,
   * in the menu and on its links' page; without it, those show the name alone (the links'
   * page its initial).
   */
  icon: z
    .string()
    .regex(/^[\w.-]+\.(png|svg)$/i, 'must be a .png or .svg file name')
    .optional(),
  /**
   * Whether the app has /privacy and /terms pages; when true the folder holds
   * `privacy.md` and `terms.md`. Apps with legal pages also match any sub-path.
   *
   * The texts name details by placeholder, filled in at build time: `{{app.name}}` (this
   * app's `name`), `{{owner.name}}` (`ownerName` in site.ts), `{{owner.email}}`
   * (`contact.email` in site.ts) and `{{site.url}}` (the site's public address, PUBLIC_URL).
   * A literal email address, the site's literal address or an unknown name stops the build
   * with the file and line.
   */
  legal: z.boolean(),
  /**
   * Further legal pages beside privacy and terms (with `legal: true`), in the order the
   * page links them, each by its address below the app's with its title:
   * `{ 'delete-account': 'Delete Your Account', security: 'Security Policy' }` shows
   * `delete-account.md` at /<slug>/delete-account and `security.md` at /<slug>/security,
   * with the same placeholders, prerendering, sitemap entry and modal as privacy and terms.
   * Default none.
   */
  legalPages: z.record(SlugSchema, z.string().min(1).max(40)).optional(),
  /**
   * The app's own links and what the stores check on this site (content/app-links-schema.ts):
   * its custom scheme, the addresses of this site that open it (each with a page of its
   * own), its Apple app IDs and its Android package with certificate fingerprints; default
   * none.
   */
  appLinks: AppLinksSchema.optional(),
});
export type App = z.infer<typeof AppSchema>;
export type AppInput = z.input<typeof AppSchema>;

/**
 * The fields of an app that only the build reads: `category` (its JSON-LD), `screenshots`
 * (the generated screenshot manifest carries what the carousel shows) and `appLinks` (the
 * stores' files; the pages of the links read them from content/app-links.ts). The browser's
 * bundle leaves them out (scripts/browser-content.ts), since every byte of content there is
 * JavaScript that home loads before it is live.
 */
export const BUILD_ONLY_APP_FIELDS = ['category', 'screenshots', 'appLinks'] as const;
/**
 * An app's long texts, which only its own page and the slider of every app show: its
 * `summary`, `description` and `features`. The browser gets them in a module per app
 * (`app.ts?texts`, scripts/browser-content.ts) that its page loads, rather than with the
 * app, which every page loads: home and another app's page carry none of them.
 */
export const PAGE_TEXT_FIELDS = ['summary', 'description', 'features'] as const;
/** An app's long texts, in the pages' language. */
export type AppTexts = Pick<App, (typeof PAGE_TEXT_FIELDS)[number]>;
/**
 * An app as the site's code reads it, in the browser: without the build's own fields, nor
 * its long texts (`AppTexts`, loaded with its page).
 */
export type BrowserApp = Omit<
  App,
  (typeof BUILD_ONLY_APP_FIELDS)[number] | (typeof PAGE_TEXT_FIELDS)[number]
> & {
  /** In another language's pages: its own screenshots' alt texts, where translated. */
  screenshotAlts?: readonly string[];
  /**
   * In another language's pages where a translation renamed it: its name in app.ts, under
   * which its feedback is sent and filed.
   */
  feedbackName?: string;
};
/** The fields of the site's details that only the build reads: `appAdsTxt` (app-ads.txt). */
export const BUILD_ONLY_SITE_FIELDS = ['appAdsTxt'] as const;
/** The site's details as the site's code reads them, in the browser. */
export type BrowserSite = Omit<Site, (typeof BUILD_ONLY_SITE_FIELDS)[number]>;

/**
 * The owner's details in another language (`content/site.<language>.ts`, exporting `site`):
 * any of the texts below; what is left out is shown in the default language.
 */
export const SiteTranslationSchema = z.strictObject({
  ownerName: SiteSchema.shape.ownerName.optional(),
  tagline: SiteSchema.shape.tagline.optional(),
  siteName: SiteSchema.shape.siteName.optional(),
  description: SiteSchema.shape.description.optional(),
  aboutMe: SiteSchema.shape.aboutMe.optional(),
});
export type SiteTranslation = z.input<typeof SiteTranslationSchema>;

/**
 * An app's texts in another language (`content/apps/<slug>/app.<language>.ts`, its default
 * export): any of the texts below, a list whole (every paragraph or feature of that
 * language); what is left out is shown in the default language. The legal pages are
 * translated beside them as Markdown (`privacy.<language>.md`).
 */
export const AppTranslationSchema = z.strictObject({
  /**
   * Its name as the language's pages show it, where not the same (most are brands that stay
   * as they are); its feedback is still filed under its name in app.ts.
   */
  name: AppSchema.shape.name.optional(),
  summary: AppSchema.shape.summary.optional(),
  description: AppSchema.shape.description.optional(),
  features: AppSchema.shape.features.optional(),
  /** The further legal pages' titles, by the same addresses as the app's `legalPages`. */
  legalPages: z.record(SlugSchema, z.string().min(1).max(40)).optional(),
  /** The alt texts of the app's own screenshots (not placeholders), in their order. */
  screenshots: z.array(ScreenshotFileSchema.shape.alt).max(60).optional(),
  /**
   * The buttons' own words (their `label`), in the order of the app's `buttons`; a button
   * without a label here says its kind's words in the page's language:
   * `buttons: [{}, { label: 'App Store' }]`.
   */
  buttons: z.array(z.strictObject({ label: ButtonSchema.shape.label })).optional(),
});
export type AppTranslation = z.input<typeof AppTranslationSchema>;
