import { describe, expect, it } from 'vitest';
import { PARTICLE_COUNT } from './particle-field.tsx';
import {
  contextStateAfterLoss,
  frameloopFor,
  MAX_CONTEXT_LOSSES,
  particleCountFor,
} from './scene-state.ts';

describe('frameloopFor', () => {
  const running = { paused: false, hidden: false, offscreen: false, context: 'ok' } as const;

  it('runs only when playing, visible, on screen and with a working context', () => {
    expect(frameloopFor(running)).toBe('always');
  });

  it.each([
    ['paused', { ...running, paused: true }],
    ['the tab is hidden', { ...running, hidden: true }],
    ['the canvas is off screen', { ...running, offscreen: true }],
    ['the context is lost', { ...running, context: 'lost' as const }],
    ['the context is lost for good', { ...running, context: 'lost-for-good' as const }],
  ])('stops the loop when %s', (_situation, conditions) => {
    expect(frameloopFor(conditions)).toBe('never');
  });
});

describe('contextStateAfterLoss', () => {
  it('waits for the browser to restore the first few losses', () => {
    for (let losses = 1; losses <= MAX_CONTEXT_LOSSES; losses += 1) {
      expect(contextStateAfterLoss(losses)).toBe('lost');
    }
  });

  it('gives up after too many', () => {
    expect(contextStateAfterLoss(MAX_CONTEXT_LOSSES + 1)).toBe('lost-for-good');
  });
});

describe('particleCountFor', () => {
  it('has 3000 particles by default', () => {
    expect(PARTICLE_COUNT).toBe(3000);
    expect(particleCountFor(PARTICLE_COUNT, undefined)).toBe(3000);
  });

  it("takes the benchmark's whole-number override", () => {
    expect(particleCountFor(PARTICLE_COUNT, 30_000)).toBe(30_000);
  });

  it.each([['30000'], [0], [-5], [2.5], [Number.NaN], [1_000_000], [null], [{}]])(
    'ignores %o',
    (override) => {
      expect(particleCountFor(PARTICLE_COUNT, override)).toBe(PARTICLE_COUNT);
    },
  );
});
