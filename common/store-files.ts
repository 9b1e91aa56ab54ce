/**
 * The files that Apple, Google and the ad networks fetch from the site to trust its apps,
 * written by the build from content/ (scripts/store-files.ts) only when declared, and served
 * by the server, nginx and the static hosts exactly as those fetchers expect: at this address,
 * with this content type, with no redirect.
 */
export interface StoreFile {
  /** The file's address, which is also its path in the client folder. */
  path: string;
  /** Its Content-Type, whatever its name ends in. */
  type: string;
}

/** Universal links and shared passwords (Apple): JSON, though its name has no extension. */
export const APPLE_APP_SITE_ASSOCIATION: StoreFile = {
  path: '/.well-known/apple-app-site-association',
  type: 'application/json',
};

/** Android App Links (Google's Digital Asset Links). */
export const ASSET_LINKS: StoreFile = {
  path: '/.well-known/assetlinks.json',
  type: 'application/json',
};

/** Who may sell ads in the apps (the IAB's app-ads.txt). */
export const APP_ADS_TXT: StoreFile = {
  path: '/app-ads.txt',
  type: 'text/plain; charset=utf-8',
};

export const STORE_FILES: readonly StoreFile[] = [
  APPLE_APP_SITE_ASSOCIATION,
  ASSET_LINKS,
  APP_ADS_TXT,
];
