import { describe, expect, it } from 'vitest';
import { autoplayOf, withHold, type HoldReason } from './carousel-state.ts';

const none: ReadonlySet<HoldReason> = new Set();

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
