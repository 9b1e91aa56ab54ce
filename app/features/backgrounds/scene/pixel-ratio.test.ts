import { describe, expect, it } from 'vitest';
import {
  cappedPixelRatio,
  MAX_PIXEL_RATIO,
  MIN_PIXEL_RATIO,
  PixelRatioGovernor,
} from './pixel-ratio.ts';

/** Feeds `frames` frames of `ms` each; returns every ratio the governor switched to. */
function feed(governor: PixelRatioGovernor, frames: number, ms: number): number[] {
  const changes: number[] = [];
  for (let i = 0; i < frames; i += 1) {
    const next = governor.sample(ms);
    if (next !== null) changes.push(next);
  }
  return changes;
}

const options = { max: 1.5, windowFrames: 10, warmupFrames: 3, fastWindowsToRaise: 3 };

describe('cappedPixelRatio', () => {
  it("caps a dense screen's ratio and keeps ordinary ones", () => {
    expect(cappedPixelRatio(3)).toBe(MAX_PIXEL_RATIO);
    expect(cappedPixelRatio(1)).toBe(1);
    expect(cappedPixelRatio(0)).toBe(1);
    expect(cappedPixelRatio(0.25)).toBe(MIN_PIXEL_RATIO);
  });
});

describe('PixelRatioGovernor', () => {
  it('keeps the ratio while frames are fast', () => {
    const governor = new PixelRatioGovernor(options);
    expect(feed(governor, 200, 16.7)).toEqual([]);
    expect(governor.current).toBe(1.5);
  });

  it('lowers the ratio step by step while frames are slow, down to the floor', () => {
    const governor = new PixelRatioGovernor(options);
    expect(feed(governor, 200, 40)).toEqual([1.25, 1, 0.75, 0.5]);
    expect(governor.current).toBe(MIN_PIXEL_RATIO);
  });

  it('ignores the slow frames right after a start', () => {
    const governor = new PixelRatioGovernor(options);
    expect(feed(governor, 3, 900)).toEqual([]);
    expect(feed(governor, 10, 16)).toEqual([]);
  });

  it('reaches a verdict within about a second when frames are very slow', () => {
    const governor = new PixelRatioGovernor(options);
    expect(feed(governor, 3 + 3, 400)).toEqual([1.25]);
  });

  it('goes back up after a long run of fast frames, but not past a level that was too slow', () => {
    const governor = new PixelRatioGovernor(options);
    feed(governor, 3 + 10, 40); // warm-up, then one slow window
    feed(governor, 3 + 10, 40);
    expect(governor.current).toBe(1);

    expect(feed(governor, 3 + 30, 10)).toEqual([1.25]);
    // 1.25 proves too slow: back to 1, which becomes the ceiling.
    expect(feed(governor, 3 + 10, 30)).toEqual([1]);
    expect(feed(governor, 500, 10)).toEqual([]);
    expect(governor.current).toBe(1);
  });

  it('measures afresh after a restart', () => {
    const governor = new PixelRatioGovernor(options);
    feed(governor, 3 + 9, 40);
    governor.restart();
    // The nine slow frames before the restart do not count toward the next window.
    expect(feed(governor, 3 + 9, 16)).toEqual([]);
    expect(governor.current).toBe(1.5);
  });

  it('follows a lower cap when the display changes', () => {
    const governor = new PixelRatioGovernor(options);
    governor.setMax(1);
    expect(governor.current).toBe(1);
    expect(feed(governor, 500, 10)).toEqual([]);
  });
});
