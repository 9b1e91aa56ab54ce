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
