import { describe, expect, it } from 'vitest';
import {
  autoplayOf,
  carouselPhase,
  firstRevealed,
  revealedAfter,
  withHold,
  type HoldReason,
} from './carousel-state.ts';

const none: ReadonlySet<HoldReason> = new Set();

/** The images revealed, in order. */
const sorted = (images: ReadonlySet<number>) => [...images].sort((a, b) => a - b);

describe('withHold', () => {
  it('takes and releases each hold on its own', () => {
    const hovered = withHold(none, 'hover', true);
    expect([...hovered]).toEqual(['hover']);
    const both = withHold(hovered, 'focus', true);
    expect([...both].sort()).toEqual(['focus', 'hover']);
    expect([...withHold(both, 'hover', false)]).toEqual(['focus']);
  });

  it('gives back the same set when nothing changes, so nothing renders again', () => {
    const offscreen = withHold(none, 'offscreen', true);
    expect(withHold(offscreen, 'offscreen', true)).toBe(offscreen);
    expect(withHold(none, 'focus', false)).toBe(none);
  });
});

describe('autoplayOf', () => {
  it('runs on screen with more than one slide and nothing holding it', () => {
    expect(autoplayOf(null, none, false, true, 5)).toBe('running');
  });

  it('is paused for visitors who prefer reduced motion, until they press play', () => {
    expect(autoplayOf(null, none, true, true, 5)).toBe('paused');
    expect(autoplayOf(true, none, true, true, 5)).toBe('running');
  });

  it('is paused with the control whatever else holds it or leaves it still', () => {
    expect(autoplayOf(false, none, false, true, 5)).toBe('paused');
    expect(autoplayOf(false, new Set(['hover'] as const), false, true, 5)).toBe('paused');
    expect(autoplayOf(false, none, false, false, 5)).toBe('paused');
    expect(autoplayOf(false, none, false, true, 1)).toBe('paused');
  });

  it('is still when not on screen at all, or when one slide holds every image', () => {
    expect(autoplayOf(null, none, false, false, 5)).toBe('still');
    expect(autoplayOf(null, none, false, true, 1)).toBe('still');
  });

  it('is held while the pointer is over it, the keyboard is inside, or it is off screen', () => {
    for (const reason of ['hover', 'focus', 'offscreen'] as const) {
      expect(autoplayOf(null, withHold(none, reason, true), false, true, 5)).toBe('held');
      expect(autoplayOf(true, withHold(none, reason, true), true, true, 5)).toBe('held');
    }
  });
});

describe('carouselPhase', () => {
  it('is inactive while it is a hidden slide of the slider, whatever else is known', () => {
    expect(carouselPhase(false, undefined, false)).toBe('inactive');
    expect(carouselPhase(false, true, true)).toBe('inactive');
  });

  it('is unmeasured until the window width is known, on screen or not', () => {
    expect(carouselPhase(true, undefined, false)).toBe('unmeasured');
    expect(carouselPhase(true, undefined, true)).toBe('unmeasured');
  });

  it('is on screen or off screen once the width is known, narrow or wide', () => {
    expect(carouselPhase(true, false, true)).toBe('on-screen');
    expect(carouselPhase(true, true, true)).toBe('on-screen');
    expect(carouselPhase(true, false, false)).toBe('offscreen');
  });
});

describe('revealed images', () => {
  it('starts with the first slide, as the prerendered page shows it', () => {
    expect(sorted(firstRevealed(4, 20))).toEqual([0, 1, 2, 3]);
    expect(sorted(firstRevealed(4, 3))).toEqual([0, 1, 2]);
  });

  it('reveals nothing more until the carousel is measured and on screen', () => {
    const first = firstRevealed(4, 20);
    for (const phase of ['inactive', 'unmeasured', 'offscreen'] as const) {
      expect(revealedAfter(first, phase, 2, 4, 20)).toBe(first);
    }
  });

  it('reveals the slide on screen and the next one, keeping those revealed before', () => {
    const onScreen = revealedAfter(firstRevealed(4, 20), 'on-screen', 0, 4, 20);
    expect(sorted(onScreen)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sorted(revealedAfter(onScreen, 'on-screen', 1, 4, 20))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
  });

  it('reveals the first slide after the last, and a short last slide as it is', () => {
    expect(sorted(revealedAfter(new Set(), 'on-screen', 4, 4, 18))).toEqual([0, 1, 2, 3, 16, 17]);
  });

  it('reveals by the slides as they are grouped now', () => {
    // Regrouped to two per slide on a narrow window, with the fifth and sixth on screen.
    expect(sorted(revealedAfter(firstRevealed(4, 20), 'on-screen', 2, 2, 20))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it('gives back the same set when nothing is new, so nothing renders again', () => {
    const onScreen = revealedAfter(firstRevealed(4, 20), 'on-screen', 0, 4, 20);
    expect(revealedAfter(onScreen, 'on-screen', 0, 4, 20)).toBe(onScreen);
  });
});
