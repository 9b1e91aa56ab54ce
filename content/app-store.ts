/**
 * The App Store's numeric app id, read from a listing's address
 * (`https://apps.apple.com/us/app/echoexpense/id6475660500` → `6475660500`). Safari's Smart
 * App Banner names the app by it.
 */
export function appStoreId(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.hostname !== 'apps.apple.com' && url.hostname !== 'itunes.apple.com') return undefined;
  return /\/id(\d+)\/?$/.exec(url.pathname)?.[1];
}
