/**
 * The scene's own decisions: when the render loop runs and what a lost context means. Pure,
 * so they can be tested without a GPU.
 */
import type { ContextState } from '../background-mode.ts';

/** How long a lost context may take to come back before the still background replaces it. */
export const CONTEXT_RESTORE_TIMEOUT_MS = 5_000;

/** How many context losses a page survives; a GPU that keeps dropping the scene gets a rest. */
export const MAX_CONTEXT_LOSSES = 3;

/** What a context loss means, given how many there have been in this page's life (this one included). */
export function contextStateAfterLoss(losses: number): ContextState {
  return losses > MAX_CONTEXT_LOSSES ? 'lost-for-good' : 'lost';
}

export interface FrameloopConditions {
  /** The visitor's pause toggle (or the reduced-motion preference it starts from). */
  paused: boolean;
  /** Whether the tab is hidden. */
  hidden: boolean;
  /** Whether the canvas is out of the viewport (or not displayed). */
  offscreen: boolean;
  /** The WebGL context. */
  context: ContextState;
}

/**
 * Whether the render loop runs. `never` stops it outright: no frame rendered and no animation
 * frame requested, so a background nobody can see costs nothing.
 */
export function frameloopFor({
  paused,
  hidden,
  offscreen,
  context,
}: FrameloopConditions): 'always' | 'never' {
  return paused || hidden || offscreen || context !== 'ok' ? 'never' : 'always';
}

/** The particle count to use: the benchmark's override (window.__backgroundParticles) when valid, else `count`. */
export function particleCountFor(count: number, override: unknown): number {
  return typeof override === 'number' &&
    Number.isInteger(override) &&
    override >= 1 &&
    override <= 200_000
    ? override
    : count;
}
