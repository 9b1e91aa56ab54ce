/**
 * The direction the page's language is read in, fixed at build time (`__SITE_DIRECTION__`,
 * scripts/build-language.ts): rows of screenshots and projects move forward in it, so in a
 * language written right to left "next" lies to the left, and the left arrow key moves on.
 */

/** Whether the page's language is written right to left. */
export const rightToLeft: boolean = __SITE_DIRECTION__ === 'rtl';

/** The step an arrow key takes along a row, in the reading direction: 1 on, -1 back, 0 none. */
export function arrowStep(key: string): 1 | -1 | 0 {
  if (key === 'ArrowRight') return rightToLeft ? -1 : 1;
  if (key === 'ArrowLeft') return rightToLeft ? 1 : -1;
  return 0;
}
