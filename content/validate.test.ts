import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { site, skills, technologies } from './index.ts';
import { contentDir, rawApps } from './load.ts';
import type { AppInput } from './schema.ts';
import { ContentError, validateContent, type RawAppEntry } from './validate.ts';

const realContent = { site, skills, technologies, apps: rawApps };

function validApp(overrides: Partial<AppInput> = {}): AppInput {
  return {
    slug: 'sample-app',
    name: 'Sample App',
    order: 1,
    accent: '#1e90ff',
    summary: 'A sample app that exists only to test the content checks of this site.',
    platform: 'mobile',
    category: 'UtilitiesApplication',
    titleHref: 'https://example.com/sample-app',
    buttons: [{ kind: 'appStore', href: 'https://apps.apple.com/us/app/sample-app/id1234567890' }],
    description: ['What the sample app does.'],
    features: ['A feature'],
    technologies: ['xcode'],
    screenshots: { placeholders: 2 },
    legal: false,
    ...overrides,
  };
}

/** A content folder with the given app folders, for checks that look at files. */
function tempContent(folders: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
  cpSync(path.join(contentDir, 'technologies'), path.join(dir, 'technologies'), {
    recursive: true,
  });
  for (const folder of folders)
    mkdirSync(path.join(dir, 'apps', folder, 'screenshots'), { recursive: true });
  if (site.resume) cpSync(path.join(contentDir, site.resume), path.join(dir, site.resume));
  return dir;
}

/** The problems of the real content with these app folders in place of its own. */
function problemsWithApps(dir: string, apps: RawAppEntry[]): readonly string[] {
  return problemsOf(() => validateContent({ ...realContent, apps }, dir));
}

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error('the content was accepted');
}

describe('the content in content/', () => {
  it('is valid, with every app folder in menu order', () => {
    const content = validateContent(realContent, contentDir);
    expect(content.apps.map((app) => app.slug).sort()).toEqual(
      rawApps.map((app) => app.folder).sort(),
    );
    const orders = content.apps.map((app) => app.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});

describe('validateContent stops the build', () => {
  it('for a duplicate slug, naming both apps', () => {
    const dir = tempContent(['sample-app']);
    const problems = problemsOf(() =>
      validateContent(
        {
          ...realContent,
          apps: [
            { folder: 'sample-app', input: validApp() },
            { folder: 'sample-app', input: validApp({ order: 2, name: 'Other App' }) },
          ],
        },
        dir,
      ),
    );
    expect(problems).toContain(
      'content/apps/sample-app/app.ts: slug: "sample-app" is already used by content/apps/sample-app/app.ts',
    );
  });

  it('for a missing screenshot file, naming the app, the field and the file', () => {
    const dir = tempContent(['sample-app']);
    writeFileSync(path.join(dir, 'apps', 'sample-app', 'screenshots', 'home.png'), '');
    const problems = problemsOf(() =>
      validateContent(
        {
          ...realContent,
          apps: [
            {
              folder: 'sample-app',
              input: validApp({
                screenshots: [
                  { file: 'home.png', alt: 'The home screen' },
                  { file: 'settings.png', alt: 'The settings' },
                ],
              }),
            },
          ],
        },
        dir,
      ),
    );
    expect(problems).toEqual([
      'content/apps/sample-app/app.ts: screenshots[1].file: "settings.png" is not in content/apps/sample-app/screenshots/',
    ]);
  });

  it('for an unknown key, naming the app and the key', () => {
    const dir = tempContent(['sample-app']);
    const problems = problemsOf(() =>
      validateContent(
        {
          ...realContent,
          apps: [{ folder: 'sample-app', input: { ...validApp(), subtitle: 'not a field' } }],
        },
        dir,
      ),
    );
    expect(problems).toEqual(['content/apps/sample-app/app.ts: unknown key "subtitle"']);
  });

  it('for a wrong field, naming the app and the field', () => {
    const dir = tempContent(['sample-app']);
    const problems = problemsOf(() =>
      validateContent(
        {
          ...realContent,
          apps: [
            {
              folder: 'sample-app',
              input: validApp({
                titleHref: 'http://example.com',
                technologies: ['xcode', 'cobol' as 'xcode'],
              }),
            },
          ],
        },
        dir,
      ),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^content\/apps\/sample-app\/app\.ts: titleHref: /);
    expect(problems[1]).toBe(
      'content/apps/sample-app/app.ts: technologies[1]: "cobol" is not in content/technologies.ts; add it there (its name, official page and icon) or use one of vscode, javascript, react, react-native, vite, xcode, swiftui, core-data, expo, firebase',
    );
  });

  it('for legal pages whose texts are missing, and for a slug that is not the folder name', () => {
    const dir = tempContent(['sample-app']);
    const problems = problemsOf(() =>
      validateContent(
        {
          ...realContent,
          apps: [{ folder: 'sample-app', input: validApp({ legal: true, slug: 'other-name' }) }],
        },
        dir,
      ),
    );
    expect(problems).toEqual([
      'content/apps/sample-app/app.ts: slug: "other-name" must equal the folder name "sample-app"',
      'content/apps/sample-app/app.ts: legal: is true but content/apps/sample-app/privacy.md is missing',
      'content/apps/sample-app/app.ts: legal: is true but content/apps/sample-app/terms.md is missing',
    ]);
  });

  it('for a further legal page without its text, or on an app without legal pages', () => {
    const dir = tempContent(['sample-app', 'other-app']);
    for (const doc of ['privacy.md', 'terms.md', 'security.md']) {
      writeFileSync(path.join(dir, 'apps', 'sample-app', doc), '# Text');
    }
    const problems = problemsWithApps(dir, [
      {
        folder: 'sample-app',
        input: validApp({
          legal: true,
          legalPages: {
            security: 'Security Policy',
            'delete-account': 'Delete Your Account',
            terms: 'Terms',
          },
        }),
      },
      {
        folder: 'other-app',
        input: validApp({
          slug: 'other-app',
          name: 'Other App',
          order: 2,
          legalPages: { 'delete-account': 'Delete Your Account' },
        }),
      },
    ]);
    expect(problems).toEqual([
      "content/apps/sample-app/app.ts: legalPages.delete-account: content/apps/sample-app/delete-account.md is missing; write the page's text there",
      "content/apps/sample-app/app.ts: legalPages.terms: is one of the app's own legal pages already (legal: true); give this page another name",
      'content/apps/other-app/app.ts: legalPages: needs legal: true (with privacy.md and terms.md)',
    ]);
  });

  it('for a further legal page whose address is not a lower-case name', () => {
    const dir = tempContent(['sample-app']);
    const problems = problemsWithApps(dir, [
      { folder: 'sample-app', input: validApp({ legal: true, legalPages: { Refunds: 'x' } }) },
    ]);
    expect(problems).toContainEqual(
      expect.stringMatching(/^content\/apps\/sample-app\/app\.ts: legalPages\.Refunds: /),
    );
  });

  it("for an app's icon that is missing, not square, too small or not what its name says", async () => {
    const dir = tempContent(['sample-app']);
    const appDir = path.join(dir, 'apps', 'sample-app');
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 4, background: '#1e90ff' } })
        .png()
        .toBuffer();
    writeFileSync(path.join(appDir, 'icon.png'), await png(512, 512));
    writeFileSync(path.join(appDir, 'wide.png'), await png(512, 256));
    writeFileSync(path.join(appDir, 'tiny.png'), await png(64, 64));
    writeFileSync(path.join(appDir, 'fake.png'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(
      path.join(appDir, 'icon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24"/></svg>',
    );
    const problemsWith = (icon: string) =>
      problemsWithApps(dir, [{ folder: 'sample-app', input: validApp({ icon }) }]);
    const accepted = (icon: string) =>
      validateContent(
        { ...realContent, apps: [{ folder: 'sample-app', input: validApp({ icon }) }] },
        dir,
      ).apps[0]?.icon;
    expect(accepted('icon.png')).toBe('icon.png');
    expect(accepted('icon.svg')).toBe('icon.svg');
    const where = 'content/apps/sample-app/app.ts: icon';
    expect(problemsWith('none.png')).toEqual([`${where}: "none.png" is not in the app's folder`]);
    expect(problemsWith('wide.png')).toEqual([
      `${where}: wide.png is 512 × 256; an icon is square`,
    ]);
    expect(problemsWith('tiny.png')).toEqual([
      `${where}: tiny.png is 64 × 64 px; an icon needs at least 180 × 180 px`,
    ]);
    expect(problemsWith('fake.png')).toEqual([`${where}: fake.png is not a PNG file`]);
    expect(problemsWith('icon.jpg')).toEqual([
      expect.stringMatching(
        /^content\/apps\/sample-app\/app\.ts: icon: must be a \.png or \.svg file name/,
      ),
      `${where}: "icon.jpg" is not in the app's folder`,
    ]);
  });

  it('for a résumé that is not a PDF in content/', () => {
    const dir = tempContent(['sample-app']);
    writeFileSync(path.join(dir, 'resume.pdf'), '<html>not a PDF</html>');
    const apps = [{ folder: 'sample-app', input: validApp() }];
    const problemsWith = (resume: string) =>
      problemsOf(() => validateContent({ ...realContent, apps, site: { ...site, resume } }, dir));
    expect(problemsWith('cv.pdf')).toEqual([
      'content/site.ts: resume: "cv.pdf" is not in content/; put the PDF there or remove the field',
    ]);
    expect(problemsWith('resume.pdf')).toEqual([
      'content/site.ts: resume: content/resume.pdf is not a PDF',
    ]);
    expect(problemsWith('resume.docx')).toEqual([
      'content/site.ts: resume: must be the name of a .pdf file in content/, like resume.pdf',
    ]);
  });

  it('reports the file checks and cross-entry rules of an app whose other fields are wrong, in the same run', () => {
    const dir = tempContent(['sample-app', 'other-app']);
    const problems = problemsOf(() =>
      validateContent(
        {
          ...realContent,
          apps: [
            { folder: 'sample-app', input: validApp() },
            {
              folder: 'other-app',
              input: {
                ...validApp({
                  slug: 'other-app',
                  name: 'Other App',
                  legal: true,
                  screenshots: [{ file: 'home.png', alt: 'The home screen' }],
                }),
                order: 'first',
                accent: 'blue',
              },
            },
            { folder: 'third-app', input: validApp({ slug: 'third-app', name: 'Sample App' }) },
          ],
        },
        dir,
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^content\/apps\/other-app\/app\.ts: order: /),
      expect.stringMatching(/^content\/apps\/other-app\/app\.ts: accent: /),
      'content/apps/other-app/app.ts: screenshots[0].file: "home.png" is not in content/apps/other-app/screenshots/',
      'content/apps/other-app/app.ts: legal: is true but content/apps/other-app/privacy.md is missing',
      'content/apps/other-app/app.ts: legal: is true but content/apps/other-app/terms.md is missing',
      'content/apps/third-app/app.ts: order: 1 is already used by content/apps/sample-app/app.ts',
      'content/apps/third-app/app.ts: name: "Sample App" is already used by content/apps/sample-app/app.ts',
    ]);
  });

  it('takes a technology added in content/technologies.ts alone, and names a missing icon', () => {
    const dir = tempContent(['sample-app']);
    const content = validateContent(
      {
        ...realContent,
        technologies: {
          ...technologies,
          kotlin: { name: 'Kotlin', href: 'https://kotlinlang.org/', icon: 'kotlin' },
        },
        apps: [{ folder: 'sample-app', input: validApp({ technologies: ['kotlin' as 'xcode'] }) }],
      },
      dir,
    );
    expect(content.apps[0]?.technologies).toEqual(['kotlin']);

    const problems = problemsOf(() =>
      validateContent(
        {
          ...realContent,
          technologies: {
            ...technologies,
            cobol: { name: 'COBOL', href: 'https://example.com/cobol', icon: 'cobol-logo.svg' },
            turbo: { name: 'Turbo', href: 'https://example.com/turbo', icon: 'noicon' },
          },
          apps: [{ folder: 'sample-app', input: validApp() }],
        },
        dir,
      ),
    );
    expect(problems).toEqual([
      'content/technologies.ts: cobol.icon: "cobol-logo.svg" is not in content/technologies/',
      'content/technologies.ts: turbo.icon: "noicon" is not a simple-icons slug (see https://simpleicons.org); or put an SVG file in content/technologies/ and name it here',
    ]);
  });

  it('for an App Store link whose app id cannot be read', () => {
    const dir = tempContent(['sample-app']);
    const problems = problemsOf(() =>
      validateContent(
        {
          ...realContent,
          apps: [
            {
              folder: 'sample-app',
              input: validApp({
                buttons: [
                  { kind: 'landing', href: 'https://example.com/' },
                  { kind: 'appStore', href: 'https://apps.apple.com/us/app/sample-app' },
                ],
              }),
            },
          ],
        },
        dir,
      ),
    );
    expect(problems).toEqual([
      'content/apps/sample-app/app.ts: buttons[1].href: "https://apps.apple.com/us/app/sample-app" has no App Store app id to read; use the listing\'s address, which ends in /id followed by digits',
    ]);
  });

  it('for a wrong site file, naming the file and the field', () => {
    const problems = problemsOf(() =>
      validateContent(
        { ...realContent, site: { ...site, contact: { ...site.contact, email: 'not-an-email' } } },
        contentDir,
      ),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\/site\.ts: contact\.email: /);
  });
});

describe("validateContent stops the build on an app's links or the site's app-ads.txt", () => {
  const FINGERPRINT = Array.from({ length: 32 }, (_, index) =>
    index.toString(16).padStart(2, '0').toUpperCase(),
  ).join(':');
  const links = (appLinks: AppInput['appLinks'], overrides: Partial<AppInput> = {}) =>
    validApp({ appLinks, ...overrides });
  const problemsWith = (inputs: AppInput[], siteInput: unknown = site) =>
    problemsOf(() =>
      validateContent(
        {
          ...realContent,
          site: siteInput,
          apps: inputs.map((input) => ({ folder: input.slug, input })),
        },
        tempContent(inputs.map((input) => input.slug)),
      ),
    );
  const recipe = {
    path: '/sample-app/r/:id',
    title: 'A recipe shared with you',
    description: 'Someone shared a recipe with you: open it in the app.',
  };

  it('takes every field declared right', () => {
    const content = validateContent(
      {
        ...realContent,
        apps: [
          {
            folder: 'sample-app',
            input: links({
              scheme: 'sampleapp',
              patterns: [{ ...recipe, query: ['room'], appPath: 'recipe/:id' }],
              apple: {
                teamId: 'A1B2C3D4E5',
                bundleIds: ['com.example.sample'],
                webcredentials: true,
              },
              android: { package: 'com.example.sample', sha256CertFingerprints: [FINGERPRINT] },
            }),
          },
        ],
      },
      tempContent(['sample-app']),
    );
    expect(content.apps[0]?.appLinks?.apple?.teamId).toBe('A1B2C3D4E5');
  });

  it('for a malformed team id, bundle id, package name, fingerprint or scheme, naming the field', () => {
    const problems = problemsWith([
      links({
        scheme: 'https',
        patterns: [recipe],
        apple: { teamId: 'a1b2c3d4e5', bundleIds: ['com example'] },
        android: {
          package: 'com.example.9sample',
          sha256CertFingerprints: [FINGERPRINT.toLowerCase(), FINGERPRINT.slice(3)],
        },
      }),
    ]);
    const where = 'content/apps/sample-app/app.ts: appLinks';
    expect(problems).toEqual([
      `${where}.scheme: is a scheme of the web, not an app’s`,
      `${where}.apple.teamId: must be a Team ID: 10 upper-case letters and digits, like A1B2C3D4E5`,
      `${where}.apple.bundleIds[0]: must be a bundle id like com.example.reciperealm`,
      `${where}.android.package: must be a package name like com.example.reciperealm`,
      `${where}.android.sha256CertFingerprints[0]: must be a SHA-256 fingerprint: 32 bytes in upper-case hex joined by ":", like 14:6D:E9:…:5E`,
      `${where}.android.sha256CertFingerprints[1]: must be a SHA-256 fingerprint: 32 bytes in upper-case hex joined by ":", like 14:6D:E9:…:5E`,
    ]);
  });

  it('for a link outside its app, one of the same shape, a parameter it lacks, or no scheme', () => {
    const problems = problemsWith([
      links({
        patterns: [
          { ...recipe, path: '/other-app/r/:id' },
          { ...recipe, path: '/sample-app/r/:code', appPath: 'recipe/:id' },
          recipe,
          { ...recipe, path: '/sample-app/R/*' },
        ],
      }),
    ]);
    const where = 'content/apps/sample-app/app.ts: appLinks';
    expect(problems).toEqual([
      `${where}.patterns[1].appPath: :id is not a parameter of path "/sample-app/r/:code"`,
      `${where}.patterns[3].path: must be an address like /your-app/r/:id: segments of lower-case letters, digits, "-", ".", "_" or "~", or a :name parameter`,
      `${where}.scheme: is needed with patterns: the scheme the links open, like reciperealm`,
    ]);
    // Once each field is right on its own, the checks across them speak.
    const across = problemsWith([
      links({
        scheme: 'sampleapp',
        patterns: [
          { ...recipe, path: '/other-app/r/:id' },
          { ...recipe, path: '/sample-app/r/:code' },
          recipe,
        ],
      }),
    ]);
    expect(across).toEqual([
      `${where}.patterns[0].path: "/other-app/r/:id" must be beneath the app's page, like /sample-app/r/:id`,
      `${where}.patterns[2].path: "/sample-app/r/:id" stands for the same addresses as appLinks.patterns[1].path`,
    ]);
  });

  it('for an app ID or a package declared by two apps', () => {
    const apple = { teamId: 'A1B2C3D4E5', bundleIds: ['com.example.sample'] };
    const android = { package: 'com.example.sample', sha256CertFingerprints: [FINGERPRINT] };
    const problems = problemsWith([
      links({ apple, android }),
      links({ apple, android }, { slug: 'other-app', name: 'Other App', order: 2 }),
    ]);
    expect(problems).toEqual([
      'content/apps/other-app/app.ts: appLinks.apple.bundleIds[0]: "A1B2C3D4E5.com.example.sample" is already declared by content/apps/sample-app/app.ts',
      'content/apps/other-app/app.ts: appLinks.android.package: "com.example.sample" is already declared by content/apps/sample-app/app.ts',
    ]);
  });

  it('for a line of app-ads.txt that is neither a record nor a variable', () => {
    const problems = problemsWith([validApp()], {
      ...site,
      appAdsTxt: [
        'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0',
        'contact=ads@example.com',
        'google.com, pub-0000000000000000, SOMETIMES',
        'google.com pub-0000000000000000 DIRECT',
        'subdomain=ads.example.com',
      ],
    });
    expect(problems).toEqual([
      expect.stringMatching(/^content\/site\.ts: appAdsTxt\[2\]: must be an app-ads\.txt record/),
      expect.stringMatching(/^content\/site\.ts: appAdsTxt\[3\]: must be an app-ads\.txt record/),
      expect.stringMatching(/^content\/site\.ts: appAdsTxt\[4\]: must be an app-ads\.txt record/),
    ]);
  });
});
