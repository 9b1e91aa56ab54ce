/**
 * The decisions behind the decorative background, kept free of the DOM and of three.js so
 * they can be read, tested and shared by the page shell and the lazily loaded scene.
 */

/** Where the scene's WebGL context stands. */
export type ContextState = 'ok' | 'lost' | 'lost-for-good';

/**
 * The background's life, from the prerendered page on. Every phase but `animated` shows the
 * still background of the page body; every phase but `fallback` keeps the canvas.
 *
 * - `idle`: the scene is not wanted yet, since the animation is paused.
 * - `waiting`: wanted; the page is left to load and go idle, then a worker checks whether
 *   WebGL here is drawn in software. The prerendered page is here unless paused.
 * - `loading`: the canvas has a WebGL 2 context drawn on a GPU, and the scene's chunk loads
 *   and sets up.
 * - `animated`: the scene draws, or waits for a lost context to come back.
 * - `fallback`: the still background for good: the scene cannot run, or only at the cost of
 *   a CPU core.
 */
export type BackgroundPhase = 'idle' | 'waiting' | 'loading' | 'animated' | 'fallback';

/**
 * What happens to the background: the animation is `wanted` (not paused); the moment to start
 * came while `paused`; the renderer check found a `gpu`, or `no-gpu` (no WebGL 2, or WebGL drawn
 * in software); the scene is `ready`, or `failed` (its chunk or its set-up); or its context
 * changed.
 */
export type BackgroundEvent =
  'wanted' | 'paused' | 'gpu' | 'no-gpu' | 'ready' | 'failed' | ContextState;

/**
 * Every change of phase; an event a phase does not list leaves it as it is. A context that is
 * lost but may come back keeps the scene (the canvas is transparent meanwhile); one the browser
 * will not give back ends it, as a failure does. Nothing leaves `fallback`.
 */
const TRANSITIONS: Partial<
  Record<BackgroundPhase, Partial<Record<BackgroundEvent, BackgroundPhase>>>
> = {
  idle: { wanted: 'waiting' },
  waiting: { paused: 'idle', gpu: 'loading', 'no-gpu': 'fallback' },
  loading: { ready: 'animated', failed: 'fallback', 'lost-for-good': 'fallback' },
  animated: { failed: 'fallback', 'lost-for-good': 'fallback' },
};

/** The phase after `event`. */
export function nextBackgroundPhase(
  phase: BackgroundPhase,
  event: BackgroundEvent,
): BackgroundPhase {
  return TRANSITIONS[phase]?.[event] ?? phase;
}

/**
 * The context attributes of the scene's canvas. The shell creates the context itself (the
 * page's own check for WebGL is the context the scene then uses; the worker's earlier check
 * uses an offscreen canvas and gives its context back at once). The rest are WebGL's
 * defaults, which the scene wants: a transparent, premultiplied canvas with a depth buffer,
 * no stencil buffer, and a drawing buffer that is not kept between frames.
 */
export function sceneContextAttributes(devicePixelRatio: number): WebGLContextAttributes {
  return {
    // Dense screens hide jagged edges; multisampling there would only cost fill rate.
    antialias: devicePixelRatio < 1.5,
    // Decoration must not wake a discrete GPU and drain a laptop's battery.
    powerPreference: 'low-power',
  };
}
