/**
 * The sample values the site ships with, so the build can say while any is still live.
 * Each check names the field of content/site.ts that still holds a sample.
 */
import type { Site } from '../content/schema.ts';

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

/** The fields of content/site.ts that still hold the shipped sample values. */
export function sampleFields(site: Site): string[] {
  return SAMPLE_CHECKS.filter((check) => check.isSample(site)).map((check) => check.field);
}

/** One short line for the build's output, or undefined when no sample value is left. */
export function sampleNotice(site: Site): string | undefined {
  const fields = sampleFields(site);
  if (fields.length === 0) return undefined;
  return `Note: content/site.ts still has sample values in ${fields.join(', ')}; replace them with your own before you deploy (README: Make it yours).`;
}
