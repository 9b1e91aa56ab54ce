/**
 * The decisions behind the decorative background, kept free of the DOM and of three.js so
 * they can be read, tested and shared by the page shell and the lazily loaded scene.
 */

/** How the background is drawn: the animated scene, or the still CSS background alone. */
export type BackgroundMode = 'webgl' | 'fallback';

/** Where the scene's WebGL context stands. */
export type ContextState = 'ok' | 'lost' | 'lost-for-good';

/** Where the scene's code and set-up stand: not fetched, on its way, running, or failed. */
export type SceneState = 'idle' | 'loading' | 'ready' | 'failed';

export interface BackgroundConditions {
  /** Whether a WebGL 2 context could be created on the canvas. */
  webgl2: boolean;
  /**
   * Whether that context draws in software, on the CPU (no usable GPU). Such a renderer would
   * spend a core on decoration, so the still background stays.
   */
  softwareRenderer: boolean;
  /** The scene chunk and its set-up; `failed` when either threw or timed out. */
  scene: SceneState;
  /** The context; a lost one waits for the browser to restore it. */
  context: ContextState;
}

/**
 * The still background takes over when the scene cannot run, or cannot run cheaply: no WebGL 2,
 * WebGL drawn in software, a chunk that did not load, a set-up that failed, or a context the
 * browser will not give back. A context that is lost but may come back keeps the canvas (it is
 * transparent meanwhile).
 */
export function chooseBackgroundMode({
  webgl2,
  softwareRenderer,
  scene,
  context,
}: BackgroundConditions): BackgroundMode {
  if (!webgl2 || softwareRenderer) return 'fallback';
  if (scene === 'failed' || context === 'lost-for-good') return 'fallback';
  return 'webgl';
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
