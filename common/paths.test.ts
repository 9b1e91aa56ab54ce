import { describe, expect, it } from 'vitest';
import { matchPath, pageRoutes, type RoutableApp } from './paths.ts';

const apps: RoutableApp[] = [
  { slug: 'watchlistr-web', name: 'Watchlistr (Web)', legal: false },
  { slug: 'echoexpense', name: 'EchoExpense', legal: true },
];

describe('the route table', () => {
  it('has home, each app, All Projects and the legal pages of apps that have them', () => {
    expect(pageRoutes(apps).map((route) => route.path)).toEqual([
      '/',
      '/watchlistr-web',
      '/echoexpense',
      '/projects',
      '/echoexpense/privacy',
      '/echoexpense/terms',
    ]);
  });

  it('matches the pages, app sub-paths and nothing else', () => {
    expect(matchPath(apps, '/echoexpense')).toMatchObject({ kind: 'page' });
    expect(matchPath(apps, '/echoexpense/terms')).toMatchObject({ kind: 'page' });
    expect(matchPath(apps, '/projects/')).toMatchObject({ kind: 'page' });
    expect(matchPath(apps, '/echoexpense/anything/deeper')).toEqual({
      kind: 'app-shell',
      slug: 'echoexpense',
    });
    expect(matchPath(apps, '/watchlistr-web/x')).toEqual({ kind: 'not-found' });
    expect(matchPath(apps, '/echoexpensex')).toEqual({ kind: 'not-found' });
    expect(matchPath(apps, '/nope')).toEqual({ kind: 'not-found' });
  });
});
