/**
 * The screenshot carousel's states and the changes between them, free of React and of the
 * DOM so that they can be read and tested on their own.
 */

/** Why the automatic advance is held for now, without the visitor having paused it. */
export type HoldReason = 'hover' | 'focus' | 'offscreen';

/** The holds after one is taken or released; the same set when that changes nothing. */
export function withHold(
  holds: ReadonlySet<HoldReason>,
  reason: HoldReason,
  held: boolean,
): ReadonlySet<HoldReason> {
  if (holds.has(reason) === held) return holds;
  const changed = new Set(holds);
  if (held) changed.add(reason);
  else changed.delete(reason);
  return changed;
}

/**
 * Whether the carousel moves on by itself, and if not, why not:
 * - `paused`: the visitor paused it, or prefers reduced motion and has not pressed play;
 * - `still`: nothing would move it: it is not on screen at all (a hidden slide of the All
 *   Projects slider), or one slide holds every image;
 * - `held`: the pointer is over the images, the keyboard is inside, or it is off screen;
 * - `running`: its timer runs, and it moves on when the interval is up.
 */
export type Autoplay = 'paused' | 'still' | 'held' | 'running';

export function autoplayOf(
  chosenPlaying: boolean | null,
  holds: ReadonlySet<HoldReason>,
  reducedMotion: boolean,
  active: boolean,
  slideCount: number,
): Autoplay {
  if (!(chosenPlaying ?? !reducedMotion)) return 'paused';
  if (!active || slideCount < 2) return 'still';
  return holds.size ? 'held' : 'running';
}

/**
 * What the carousel may fetch, from the prerendered page on:
 * - `inactive`: it is not on screen at all (a hidden slide of the All Projects slider): its
 *   frames keep their size, and no image loads;
 * - `unmeasured`: the window's width is not known yet (while prerendering and hydrating, and
 *   until the media query's own value has been rendered): the slides are grouped as on a wide
 *   window, and nothing beyond what is revealed is fetched on that guess;
 * - `offscreen`: it is scrolled out of view: nothing more is revealed;
 * - `on-screen`: the slide on screen and the next one are revealed, and load at once.
 */
export type CarouselPhase = 'inactive' | 'unmeasured' | 'offscreen' | 'on-screen';

export function carouselPhase(
  active: boolean,
  narrow: boolean | undefined,
  inView: boolean,
): CarouselPhase {
  if (!active) return 'inactive';
  if (narrow === undefined) return 'unmeasured';
  return inView ? 'on-screen' : 'offscreen';
}

/** Adds the images of `slide` to `images`, by their place among all `total`. */
function addSlide(images: Set<number>, slide: number, perSlide: number, total: number) {
  for (let item = slide * perSlide; item < Math.min(total, (slide + 1) * perSlide); item++) {
    images.add(item);
  }
  return images;
}

/** The images revealed at first: the first slide's, which the prerendered page shows. */
export function firstRevealed(perSlide: number, total: number): ReadonlySet<number> {
  return addSlide(new Set(), 0, perSlide, total);
}

/**
 * The images revealed once the carousel has rendered in `phase` with `slide` on screen: those
 * revealed before, which stay, and while on screen that slide and the next one (the first,
 * after the last). The same set when nothing is new.
 */
export function revealedAfter(
  revealed: ReadonlySet<number>,
  phase: CarouselPhase,
  slide: number,
  perSlide: number,
  total: number,
): ReadonlySet<number> {
  if (phase !== 'on-screen') return revealed;
  const following = (slide + 1) % Math.ceil(total / perSlide);
  const now = addSlide(
    addSlide(new Set(revealed), slide, perSlide, total),
    following,
    perSlide,
    total,
  );
  return now.size > revealed.size ? now : revealed;
}
