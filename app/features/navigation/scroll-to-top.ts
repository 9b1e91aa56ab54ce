import { prefersReducedMotion } from '../../lib/use-media-query.ts';

/** Scrolls the page to the top: smoothly, or at once for visitors who prefer less motion. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
}
