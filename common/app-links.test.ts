import { describe, expect, it } from 'vitest';
import { appHomeUrl, appUrlOf, linkPages, linkShellPath, matchLinkPath } from './app-links.ts';
import { appLinkRoutes } from './paths.ts';

const address = (url: string) => new URL(url, 'https://example.com');

describe("an app's links", () => {
  it('match the addresses of their shape: a parameter stands for one segment, never an empty one', () => {
    expect(matchLinkPath('/reciperealm/r/:id', '/reciperealm/r/123')).toEqual(
      new Map([['id', '123']]),
    );
    for (const path of ['/reciperealm/r', '/reciperealm/r/', '/reciperealm/r/1/2', '/other/r/1']) {
      expect(matchLinkPath('/reciperealm/r/:id', path), path).toBeUndefined();
    }
  });

  it('open what they stand for in the app, with the query parameters they carry', () => {
    const invite = { path: '/logiqo/:game', query: ['room'], appPath: 'play/:game' };
    expect(appUrlOf('logiqo', 'logiqo', invite, address('/logiqo/sudoku?room=R7&x=1'))).toBe(
      'logiqo://play/sudoku?room=R7',
    );
    // Without an appPath, the address beneath the app's page; without the query, none.
    const recipe = { path: '/reciperealm/r/:id' };
    expect(appUrlOf('reciperealm', 'reciperealm', recipe, address('/reciperealm/r/9?room=1'))).toBe(
      'reciperealm://r/9',
    );
    expect(appUrlOf('logiqo', 'logiqo', invite, address('/logiqo/chess'))).toBe(
      'logiqo://play/chess',
    );
    expect(appUrlOf('logiqo', 'logiqo', invite, address('/logiqo'))).toBeUndefined();
  });

  it('pass on what the address holds encoded once, whatever it held', () => {
    const invite = { path: '/logiqo/:game', query: ['room'] };
    expect(
      appUrlOf('logiqo', 'logiqo', invite, address('/logiqo/caf%C3%A9%20au%2Flait?room=a%26b"c')),
    ).toBe('logiqo://caf%C3%A9%20au%2Flait?room=a%26b%22c');
    expect(appUrlOf('logiqo', 'logiqo', invite, address('/logiqo/100%25?room=%E0%A4%A'))).toBe(
      'logiqo://100%25?room=%EF%BF%BD%25A',
    );
    // A segment that is not valid percent-encoding is passed on as its characters.
    expect(appUrlOf('logiqo', 'logiqo', invite, address('/logiqo/%E0%A4%A'))).toBe(
      'logiqo://%25E0%25A4%25A',
    );
  });

  it('each have one page, prerendered with its parameters written out, and a route beside the app', () => {
    const app = {
      slug: 'reciperealm',
      appLinks: { scheme: 'reciperealm', patterns: [{ path: '/reciperealm/r/:id' }] },
    };
    expect(linkShellPath('/reciperealm/r/:id')).toBe('/reciperealm/r/__id__');
    expect(linkPages([app, { slug: 'steda' }])).toEqual([
      {
        slug: 'reciperealm',
        scheme: 'reciperealm',
        link: { path: '/reciperealm/r/:id' },
        shellPath: '/reciperealm/r/__id__',
      },
    ]);
    expect(appLinkRoutes(app)).toEqual([
      {
        id: 'app-link/reciperealm/0',
        segment: 'reciperealm/r/:id',
        path: '/reciperealm/r/:id',
        screen: 'app-link',
        slug: 'reciperealm',
        link: 0,
        children: [],
      },
    ]);
    expect(appHomeUrl('reciperealm')).toBe('reciperealm://');
  });
});
