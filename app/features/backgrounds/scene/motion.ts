/**
 * Moves `current` toward `target` the same way at any frame rate: `lambda` is how fast (per
 * second), `delta` the frame's length in seconds.
 */
export function damp(current: number, target: number, lambda: number, delta: number): number {
  return current + (target - current) * (1 - Math.exp(-lambda * delta));
}

/** The longest step the motion takes in one frame, in seconds: a stalled frame never jumps. */
export const MAX_FRAME_DELTA = 1 / 15;

/** A frame's delta, clamped to MAX_FRAME_DELTA. */
export function stepOf(delta: number): number {
  return delta > MAX_FRAME_DELTA ? MAX_FRAME_DELTA : delta;
}

/** Where the pointer is over the window, from -1 (left, bottom) to 1 (right, top). */
export interface PointerPosition {
  x: number;
  y: number;
}

/**
 * Follows the pointer over the whole window (the canvas itself takes no pointer events). The
 * returned object is updated in place, so reading it each frame allocates nothing.
 */
export function trackPointer(target: Window): { pointer: PointerPosition; stop: () => void } {
  const pointer: PointerPosition = { x: 0, y: 0 };
  const onMove = (event: PointerEvent) => {
    pointer.x = (event.clientX / target.innerWidth) * 2 - 1;
    pointer.y = 1 - (event.clientY / target.innerHeight) * 2;
  };
  target.addEventListener('pointermove', onMove, { passive: true });
  return { pointer, stop: () => target.removeEventListener('pointermove', onMove) };
}
