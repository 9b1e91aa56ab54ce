import { apps } from '../../content/index.ts';
import type { App } from '../../content/schema.ts';

/** The app whose page a path belongs to: `/echoexpense/terms` → EchoExpense. */
export function appFromPath(pathname: string): App | undefined {
  const slug = pathname.split('/')[1];
  return apps.find((app) => app.slug === slug);
}

/** Like appFromPath, for route modules that only exist for known apps. */
export function requireAppFromPath(pathname: string): App {
  const app = appFromPath(pathname);
  if (!app) throw new Error(`No app has the address ${pathname}`);
  return app;
}
