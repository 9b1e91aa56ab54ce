import { describe, expect, it } from 'vitest';
import { appShellPaths, isIndexed, pageRoutes, siteRoutes, type RoutableApp } from './paths.ts';

const apps: RoutableApp[] = [
  { slug: 'watchlistr-web', name: 'Watchlistr (Web)', legal: false },
  {
    slug: 'echoexpense',
    name: 'EchoExpense',
    legal: true,
    legalPages: { 'delete-account': 'Delete Your Account', security: 'Security Policy' },
  },
];

describe('the route table', () => {
  it('has home, each app, All Projects and the legal, support and feedback-sent pages of apps that have them', () => {
    expect(pageRoutes(apps).map((route) => route.path)).toEqual([
      '/',
      '/watchlistr-web',
      '/echoexpense',
      '/projects',
      '/echoexpense/terms',
      '/echoexpense/privacy',
      '/echoexpense/delete-account',
      '/echoexpense/security',
      '/echoexpense/support',
      '/echoexpense/feedback-sent',
    ]);
  });

  it('keeps the feedback-sent pages out of search engines, and no other', () => {
    expect(
      pageRoutes(apps)
        .filter((route) => !isIndexed(route.screen))
        .map((route) => route.path),
    ).toEqual(['/echoexpense/feedback-sent']);
  });

  it('answers the sub-paths of apps with legal pages with the app shell, and no others', () => {
    expect(appShellPaths(apps)).toEqual(['/echoexpense/*']);
  });

  it('nests the legal pages and the app shell under their app, and ends with not found', () => {
    const routes = siteRoutes(apps);
    const echo = routes.find((route) => route.slug === 'echoexpense');
    expect(echo?.children.map((child) => [child.segment, child.screen])).toEqual([
      ['terms', 'legal'],
      ['privacy', 'legal'],
      ['delete-account', 'legal'],
      ['security', 'legal'],
      ['support', 'support'],
      ['feedback-sent', 'feedback-sent'],
      ['*', 'app-shell'],
    ]);
    expect(echo?.children.filter((child) => child.screen === 'legal').map((c) => c.title)).toEqual([
      'Terms of Use',
      'Privacy Policy',
      'Delete Your Account',
      'Security Policy',
    ]);
    expect(routes.find((route) => route.slug === 'watchlistr-web')?.children).toEqual([]);
    expect(routes.at(-1)).toMatchObject({ segment: '*', screen: 'not-found' });
  });

  it('stops the build when a legal page an app declares takes the address of another of its pages', () => {
    const clash: RoutableApp = {
      slug: 'steda',
      name: 'Steda',
      legal: true,
      legalPages: { support: 'Help' },
    };
    expect(() => pageRoutes([clash])).toThrow(
      'Two pages at /steda/support: rename the legal page "support" of steda',
    );
  });
});
