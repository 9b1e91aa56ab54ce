/**
 * The sample values the site ships with, so the build can say while any is still live: the
 * fields of content/site.ts, and of each app the sample's identifiers, placeholder
 * screenshots and store links. A production build stops rather than publish the sample's
 * identifiers in the files the stores read.
 */
import type { App, Site } from '../content/schema.ts';

const SAMPLE_CHECKS: readonly { field: string; isSample: (site: Site) => boolean }[] = [
  { field: 'ownerName', isSample: (site) => site.ownerName === 'Sample Owner' },
  {
    field: 'contact.email',
    isSample: (site) => /@example\.(com|org|net)$/i.test(site.contact.email),
  },
  { field: 'contact.phone', isSample: (site) => isSampleNumber(site.contact.phone) },
  { field: 'contact.sms', isSample: (site) => isSampleNumber(site.contact.sms) },
  {
    field: 'contact.linkedin',
    isSample: (site) => site.contact.linkedin.endsWith('/sample-owner'),
  },
  { field: 'codeHostUrl', isSample: (site) => site.codeHostUrl === 'https://github.com/devzano' },
  { field: 'resume', isSample: (site) => site.resume === 'sample-resume.pdf' },
  {
    field: 'appAdsTxt',
    isSample: (site) =>
      site.appAdsTxt?.some((line) => line.includes('pub-0000000000000000')) ?? false,
  },
];

/** North American numbers 555-0100 to 555-0199 are reserved for fiction; the sample uses one. */
function isSampleNumber(phone: string): boolean {
  return /\b555\D*01\d\d$/.test(phone);
}

/**
 * The links of the sample's apps: the real listings of the developer whose apps the sample
 * describes, kept so the sample shows real store pages. An owner's apps link their own.
 */
const SAMPLE_LINKS = new Set([
  'https://apps.apple.com/us/app/autoarchive/id6744589503',
  'https://apps.apple.com/us/app/echoexpense/id6475660500',
  'https://apps.apple.com/us/app/manzanos-popshop/id6747915168',
  'https://apps.apple.com/us/app/reciperealm/id6458877177',
  'https://apps.apple.com/us/app/starship-pixelscape/id6741517533',
  'https://apps.apple.com/us/app/steda/id6745674975',
  'https://apps.apple.com/us/app/sunshine-key-west-challenge/id6737530954',
  'https://apps.apple.com/us/app/watchlistr/id6459355223',
  'https://play.google.com/store/apps/details?id=com.devzano.SunshineKeyWestChallenge',
  'https://play.google.com/store/apps/details?id=com.devzano.manzanospopshop',
  'https://rubenmanzano.com/manzanos-popshop',
  'https://testflight.apple.com/join/5fAq7d4d',
  'https://testflight.apple.com/join/sRsqfd9y',
  'https://watchlistrweb.vercel.app',
  'https://www.watchlistr.app/',
]);

/** The sample's signing certificate fingerprint: a counting pattern, no real certificate's. */
const SAMPLE_FINGERPRINT =
  '00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF';

/** An app id of the reserved `example` domain (`com.example.app`), as the sample's are. */
function isExampleId(id: string): boolean {
  return /(^|\.)example(\.|$)/i.test(id);
}

/**
 * The fields of an app that carry the sample's identifiers into apple-app-site-association
 * and assetlinks.json.
 */
export function sampleStoreIdentifiers(app: App): string[] {
  const { apple, android } = app.appLinks ?? {};
  const fields: string[] = [];
  if (apple?.teamId === 'SAMPLETEAM') fields.push('appLinks.apple.teamId');
  if (apple?.bundleIds.some(isExampleId)) fields.push('appLinks.apple.bundleIds');
  if (android && isExampleId(android.package)) fields.push('appLinks.android.package');
  if (android?.sha256CertFingerprints.includes(SAMPLE_FINGERPRINT)) {
    fields.push('appLinks.android.sha256CertFingerprints');
  }
  return fields;
}

/** The fields of an app that still hold the sample's values. */
export function sampleAppFields(app: App): string[] {
  const fields = sampleStoreIdentifiers(app);
  if (!Array.isArray(app.screenshots)) fields.push('screenshots (placeholders)');
  if (SAMPLE_LINKS.has(app.titleHref)) fields.push('titleHref');
  if (app.buttons.some((button) => SAMPLE_LINKS.has(button.href))) fields.push('buttons');
  return fields;
}

/**
 * Every sample value left in content/, one line per file that holds any (`content/site.ts:
 * ownerName, resume`), in the order of the menu.
 */
export function sampleValueLines(content: { site: Site; apps: readonly App[] }): string[] {
  const lines = [[`content/site.ts`, sampleFields(content.site)] as const];
  const appLines = content.apps.map(
    (app) => [`content/apps/${app.slug}/app.ts`, sampleAppFields(app)] as const,
  );
  return [...lines, ...appLines]
    .filter(([, fields]) => fields.length > 0)
    .map(([file, fields]) => `${file}: ${fields.join(', ')}`);
}

/**
 * The build's short list of the sample values left, or undefined when none is. With
 * `production`, the sample's identifiers in the stores' files stop the build instead: one
 * line each, thrown.
 */
export function sampleReport(
  content: { site: Site; apps: readonly App[] },
  { production }: { production: boolean },
): string | undefined {
  if (production) {
    const identifiers = content.apps.flatMap((app) =>
      sampleStoreIdentifiers(app).map((field) => `content/apps/${app.slug}/app.ts: ${field}`),
    );
    if (identifiers.length > 0) {
      throw new Error(
        [
          'A production build does not publish the sample’s app identifiers in apple-app-site-association and assetlinks.json. Put your own in (README: Make it yours), or remove the appLinks:',
          ...identifiers.map((line) => `  ${line}`),
        ].join('\n'),
      );
    }
  }
  const lines = sampleValueLines(content);
  if (lines.length === 0) return undefined;
  return [
    'Sample values still in content/ (replace them before you deploy; README: Make it yours):',
    ...lines.map((line) => `  ${line}`),
  ].join('\n');
}

/** The fields of content/site.ts that still hold the shipped sample values. */
export function sampleFields(site: Site): string[] {
  return SAMPLE_CHECKS.filter((check) => check.isSample(site)).map((check) => check.field);
}
