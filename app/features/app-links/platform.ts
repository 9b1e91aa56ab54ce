/**
 * The visitor's platform on the page of an app's link, and opening the app from it.
 */
import { platformOf, type Platform } from '../../../common/visitor-platform.ts';

/** The visitor's platform, as the page's head script marked it (or works it out now). */
export function visitorPlatform(): Platform {
  const marked = document.documentElement.dataset.platform;
  if (marked === 'ios' || marked === 'android' || marked === 'other') return marked;
  const platform = platformOf(navigator.userAgent, navigator.maxTouchPoints);
  document.documentElement.dataset.platform = platform;
  return platform;
}

/**
 * Opens the app at `appUrl` by itself, once per link and visit (this tab's session), where
 * the platform lets a page do so: on iOS. (Android's browsers open an app's scheme only on a
 * tap, and a computer has no phone app to open.) Where the app is missing the visitor stays
 * on the page, and coming back to it or reloading it does not try again. Returns whether it
 * tried.
 */
export function openAppOnce(appUrl: string): boolean {
  if (visitorPlatform() !== 'ios') return false;
  const key = `app-link-opened:${appUrl}`;
  try {
    if (sessionStorage.getItem(key) !== null) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // No storage (a private window that refuses it): no way to try only once, so not at all.
    return false;
  }
  window.location.assign(appUrl);
  return true;
}
