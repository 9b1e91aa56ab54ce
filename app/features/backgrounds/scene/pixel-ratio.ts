/** The highest pixel ratio the scene renders at: soft particles gain nothing from more. */
export const MAX_PIXEL_RATIO = 1.5;

/** The lowest pixel ratio the governor goes down to. */
export const MIN_PIXEL_RATIO = 0.5;

/** The starting pixel ratio for a display: its own, capped. */
export function cappedPixelRatio(devicePixelRatio: number): number {
  return Math.max(MIN_PIXEL_RATIO, Math.min(devicePixelRatio || 1, MAX_PIXEL_RATIO));
}

export interface PixelRatioGovernorOptions {
  /** The ratio to start at and never exceed; default MAX_PIXEL_RATIO (1.5). */
  max?: number;
  /** The floor; default MIN_PIXEL_RATIO (0.5). */
  min?: number;
  /** How much one adjustment changes the ratio; default 0.25. */
  step?: number;
  /** Frames averaged per verdict; default 30. */
  windowFrames?: number;
  /** A verdict comes sooner once this much time is measured (slow devices adapt fast); default 1000 ms. */
  windowMs?: number;
  /** Frames ignored after a (re)start, while shaders compile and caches warm; default 10. */
  warmupFrames?: number;
  /** A window averaging more than this many ms per frame is too slow; default 22 (≈ 45 fps). */
  slowFrameMs?: number;
  /** A window averaging less than this is comfortably fast; default 17.5 (≈ 57 fps). */
  fastFrameMs?: number;
  /** Fast windows in a row before the ratio goes back up; default 10 (≈ 5 s at 60 fps). */
  fastWindowsToRaise?: number;
}

/**
 * Lowers the pixel ratio when frames take too long, and raises it again after a long run of
 * fast frames. A level that turned out too slow right after a raise becomes the new ceiling,
 * so the ratio settles instead of swinging. Allocates nothing per sample.
 */
export class PixelRatioGovernor {
  current: number;
  private ceiling: number;
  private readonly min: number;
  private readonly step: number;
  private readonly windowFrames: number;
  private readonly windowMs: number;
  private readonly warmupFrames: number;
  private readonly slowFrameMs: number;
  private readonly fastFrameMs: number;
  private readonly fastWindowsToRaise: number;
  private warmupLeft: number;
  private frames = 0;
  private totalMs = 0;
  private fastWindows = 0;
  private justRaised = false;

  constructor({
    max = MAX_PIXEL_RATIO,
    min = MIN_PIXEL_RATIO,
    step = 0.25,
    windowFrames = 30,
    windowMs = 1000,
    warmupFrames = 10,
    slowFrameMs = 22,
    fastFrameMs = 17.5,
    fastWindowsToRaise = 10,
  }: PixelRatioGovernorOptions = {}) {
    this.min = Math.min(min, max);
    this.current = max;
    this.ceiling = max;
    this.step = step;
    this.windowFrames = windowFrames;
    this.windowMs = windowMs;
    this.warmupFrames = warmupFrames;
    this.warmupLeft = warmupFrames;
    this.slowFrameMs = slowFrameMs;
    this.fastFrameMs = fastFrameMs;
    this.fastWindowsToRaise = fastWindowsToRaise;
  }

  /** Starts a fresh measurement, e.g. after a pause (the first frames after one say nothing). */
  restart(): void {
    this.warmupLeft = this.warmupFrames;
    this.frames = 0;
    this.totalMs = 0;
    this.fastWindows = 0;
  }

  /** Sets a new upper bound (the display changed); the current ratio follows it down. */
  setMax(max: number): void {
    this.ceiling = max;
    this.current = Math.max(this.min, Math.min(this.current, max));
    this.restart();
  }

  /** Takes one frame's duration in ms; returns the new ratio when it changes, else `null`. */
  sample(frameMs: number): number | null {
    if (this.warmupLeft > 0) {
      this.warmupLeft -= 1;
      return null;
    }
    this.frames += 1;
    this.totalMs += frameMs;
    if (this.frames < this.windowFrames && (this.totalMs < this.windowMs || this.frames < 3)) {
      return null;
    }
    const average = this.totalMs / this.frames;
    this.frames = 0;
    this.totalMs = 0;

    if (average > this.slowFrameMs) {
      this.fastWindows = 0;
      if (this.current <= this.min) return null;
      if (this.justRaised) this.ceiling = this.current - this.step;
      this.justRaised = false;
      return this.change(Math.max(this.min, this.current - this.step));
    }
    this.justRaised = false;
    if (average < this.fastFrameMs && this.current < this.ceiling) {
      this.fastWindows += 1;
      if (this.fastWindows >= this.fastWindowsToRaise) {
        this.fastWindows = 0;
        this.justRaised = true;
        return this.change(Math.min(this.ceiling, this.current + this.step));
      }
    } else {
      this.fastWindows = 0;
    }
    return null;
  }

  private change(next: number): number {
    this.current = next;
    // The frames right after a resize of the drawing buffer are not representative.
    this.warmupLeft = Math.min(this.warmupFrames, 3);
    return next;
  }
}
