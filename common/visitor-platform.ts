/**
 * Which platform the visitor is on, for the page of an app's link: it shows the platform's
 * store, and opens the app by itself only where the platform allows it. The build writes
 * `PLATFORM_SCRIPT` into the head of each link's page, so the platform is marked before the
 * page's first paint and without its bundle; the live page uses `platformOf`.
 */

/** `ios` (iPhone, iPad, iPod), `android`, or `other` (a computer). */
export type Platform = 'ios' | 'android' | 'other';

/** The platform of a browser; an iPad asking for the desktop site says Macintosh, with touch. */
export function platformOf(userAgent: string, maxTouchPoints: number): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) {
    return 'ios';
  }
  return /Android/.test(userAgent) ? 'android' : 'other';
}

/**
 * `platformOf` in one line, as the browser runs it: it marks the platform on the document
 * (`html[data-platform]`), which the page's stylesheet reads. visitor-platform.test.ts holds
 * the two equal.
 */
export const PLATFORM_SCRIPT =
  "(()=>{const n=navigator,u=n.userAgent;document.documentElement.dataset.platform=/iPhone|iPad|iPod/.test(u)||/Macintosh/.test(u)&&n.maxTouchPoints>1?'ios':/Android/.test(u)?'android':'other'})()";
