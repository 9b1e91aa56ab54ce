import { describe, expect, it } from 'vitest';
import type { App, Site } from '../content/schema.ts';
import { apps, site } from '../content/index.ts';
import { linkAddressProblems, storeFiles } from './store-files.ts';

const FINGERPRINT = Array.from({ length: 32 }, () => 'AB').join(':');
const base = apps.find((app) => app.legal) as App;
const recipe = {
  path: '/recipes/r/:id',
  title: 'A recipe shared with you',
  description: 'Someone shared a recipe with you: open it in the app.',
};
const game = {
  path: '/games/:game',
  query: ['room'],
  title: 'An invitation to a game',
  description: 'A friend invited you to a game: open it in the app.',
};

/** An app with legal pages (privacy, terms, support) and these links. */
function app(slug: string, appLinks: App['appLinks']): App {
  return { ...base, slug, name: slug, appLinks };
}

function bodies(testApps: readonly App[], testSite: Site = { ...site, appAdsTxt: undefined }) {
  return Object.fromEntries(
    storeFiles(testApps, testSite).map(({ file, body }) => [file.path, body]),
  );
}

describe('the files the stores read', () => {
  it('are not written when nothing declares them', () => {
    expect(bodies([app('recipes', undefined)])).toEqual({});
  });

  it("name each app's universal links in Apple's file, from the same links that have pages, after the app's pages they would take", () => {
    const files = bodies([
      app('recipes', {
        scheme: 'recipes',
        patterns: [recipe],
        apple: {
          teamId: 'A1B2C3D4E5',
          bundleIds: ['com.example.recipes', 'com.example.recipes.clip'],
          webcredentials: true,
        },
      }),
      app('games', {
        scheme: 'games',
        patterns: [game],
        apple: { teamId: 'A1B2C3D4E5', bundleIds: ['com.example.games'] },
      }),
    ]);
    expect(Object.keys(files)).toEqual(['/.well-known/apple-app-site-association']);
    expect(JSON.parse(files['/.well-known/apple-app-site-association'] ?? '')).toEqual({
      applinks: {
        details: [
          {
            appIDs: ['A1B2C3D4E5.com.example.recipes', 'A1B2C3D4E5.com.example.recipes.clip'],
            components: [{ '/': '/recipes/r/?*', comment: 'A recipe shared with you' }],
          },
          {
            appIDs: ['A1B2C3D4E5.com.example.games'],
            components: [
              // `?*` matches a "/" too: the game's link would take the app's own pages.
              { '/': '/games/terms', exclude: true, comment: 'A page of the site' },
              { '/': '/games/privacy', exclude: true, comment: 'A page of the site' },
              { '/': '/games/support', exclude: true, comment: 'A page of the site' },
              { '/': '/games/feedback-sent', exclude: true, comment: 'A page of the site' },
              { '/': '/games/?*', '?': { room: '?*' }, comment: 'An invitation to a game' },
            ],
          },
        ],
      },
      webcredentials: {
        apps: ['A1B2C3D4E5.com.example.recipes', 'A1B2C3D4E5.com.example.recipes.clip'],
      },
    });
  });

  it('hold only the shared passwords when an app has no links', () => {
    const files = bodies([
      app('recipes', {
        apple: { teamId: 'A1B2C3D4E5', bundleIds: ['com.example.recipes'], webcredentials: true },
      }),
    ]);
    expect(JSON.parse(files['/.well-known/apple-app-site-association'] ?? '')).toEqual({
      webcredentials: { apps: ['A1B2C3D4E5.com.example.recipes'] },
    });
  });

  it("name each Android app and its certificates in Google's Digital Asset Links", () => {
    const files = bodies([
      app('recipes', {
        android: { package: 'com.example.recipes', sha256CertFingerprints: [FINGERPRINT] },
      }),
    ]);
    expect(Object.keys(files)).toEqual(['/.well-known/assetlinks.json']);
    expect(JSON.parse(files['/.well-known/assetlinks.json'] ?? '')).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'com.example.recipes',
          sha256_cert_fingerprints: [FINGERPRINT],
        },
      },
    ]);
  });

  it("write the site's app-ads.txt lines, one a line", () => {
    const lines = [
      'google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0',
      'contact=ads@example.com',
    ];
    expect(bodies([], { ...site, appAdsTxt: lines })).toEqual({
      '/app-ads.txt': `${lines.join('\n')}\n`,
    });
  });
});

describe("a link's address", () => {
  it('stops the build when it is the address of a page, or where another link has its page', () => {
    expect(
      linkAddressProblems([
        app('recipes', {
          scheme: 'recipes',
          patterns: [
            { ...recipe, path: '/recipes/support' },
            recipe,
            { ...recipe, path: '/recipes/r/__id__' },
            { ...recipe, path: '/recipes/:other' },
          ],
        }),
      ]),
    ).toEqual([
      'content/apps/recipes/app.ts: appLinks.patterns[0].path: "/recipes/support" is the address of a page of the site; choose another address',
      'content/apps/recipes/app.ts: appLinks.patterns[2].path: "/recipes/r/__id__" is where the page of appLinks.patterns[1] of recipes is; choose another address',
    ]);
  });
});
