import { useEffect, useReducer, useRef } from 'react';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import { afterPageSettles } from './after-page-settles.ts';
import { nextBackgroundPhase, sceneContextAttributes } from './background-mode.ts';
import type { BackgroundScene } from './scene/background-scene.tsx';
import styles from './backgrounds.module.css';

/** The name the scene's chunk goes by in a load error. */
const SCENE_CHUNK = 'background-scene';

/** What a visitor sees: the still background, the animated scene, or the still one for good. */
type Appearance = 'still' | 'animated' | 'fallback';

/**
 * How the page tells a software renderer: a worker's word first, else the canvas's own
 * context. A chunk of its own, fetched only once the page is idle.
 */
const importRendererChecks = () => import('./renderer-probe.ts');

/** Gives a context back to the browser at once, rather than whenever it is collected. */
function releaseContext(context: WebGL2RenderingContext): void {
  context.getExtension('WEBGL_lose_context')?.loseContext();
}

/** The scene's code; the import is what makes it (and three.js) a chunk of its own. */
const importScene = () => import('./scene/background-scene.tsx');

/** The canvas's WebGL 2 context, or `null` where there is none to be had. */
function createSceneContext(canvas: HTMLCanvasElement): WebGL2RenderingContext | null {
  try {
    return canvas.getContext('webgl2', sceneContextAttributes(window.devicePixelRatio));
  } catch {
    return null;
  }
}

export interface BackgroundsProps {
  /** Whether the animation is paused; a paused background renders no frames. */
  paused: boolean;
}

/**
 * The decorative backgrounds behind every page, in one canvas that lives as long as the page.
 * The still gradient of the page body shows first; once the page has loaded and gone idle, and
 * the animation is not paused, the scene's chunk loads and draws over it. Wherever the scene
 * cannot run, or only at the cost of a CPU core (no WebGL, WebGL drawn in software, a chunk that
 * fails, a context the browser takes away for good), the still background simply stays, with
 * nothing reported to the visitor. Its phases and their changes are in background-mode.ts.
 */
export function Backgrounds({ paused }: BackgroundsProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Read when the scene starts and when its chunk arrives, which may be long after a render.
  const pausedRef = useRef(paused);
  const sceneRef = useRef<BackgroundScene | null>(null);
  const [phase, dispatch] = useReducer(nextBackgroundPhase, paused ? 'idle' : 'waiting');
  // The scene is fetched the first time it is wanted: a visitor who keeps it paused (or who
  // prefers reduced motion) never downloads it.
  if (!paused && phase === 'idle') dispatch('wanted');
  const appearance: Appearance = phase === 'animated' || phase === 'fallback' ? phase : 'still';

  useEffect(() => {
    pausedRef.current = paused;
    sceneRef.current?.setPaused(paused);
  }, [paused]);

  // From the moment the scene is wanted until it gives way to the still background for good
  // (or the page goes), this sees it through: the wait, the checks, the chunk and the scene.
  const live = phase !== 'idle' && phase !== 'fallback';
  useEffect(() => {
    if (!live) return;
    let gone = false;

    // `software`: the worker found WebGL drawn in software, so no context is made here;
    // otherwise `isSoftware` checks the canvas's own.
    const start = (software: boolean, isSoftware: (context: WebGL2RenderingContext) => boolean) => {
      if (gone) return;
      const canvas = canvasRef.current;
      if (!canvas || pausedRef.current) {
        dispatch('paused');
        return;
      }
      let context = software ? null : createSceneContext(canvas);
      if (context && isSoftware(context) && window.__backgroundAllowSoftwareRenderer !== true) {
        releaseContext(context);
        context = null;
      }
      if (!context) {
        dispatch('no-gpu');
        return;
      }
      dispatch('gpu');
      // Decoration that cannot load or start is no news to the visitor: the still background
      // stays, and the context goes back to the browser.
      const giveUp = () => {
        releaseContext(context);
        dispatch('failed');
      };
      loadChunk(SCENE_CHUNK, importScene).then(({ mountBackgroundScene }) => {
        if (gone) {
          releaseContext(context);
          return;
        }
        try {
          sceneRef.current = mountBackgroundScene({
            canvas,
            context,
            paused: pausedRef.current,
            onReady: () => dispatch('ready'),
            onFailure: () => dispatch('failed'),
            onContextChange: dispatch,
          });
        } catch {
          giveUp();
        }
      }, giveUp);
    };
    // A worker finds out first whether WebGL here is drawn in software, so that where the scene
    // would never run the page's main thread does not spend a task creating a context. Where
    // the checks cannot be fetched, neither can the scene: the still background stays.
    let cancelWait: (() => void) | undefined = afterPageSettles(() => {
      cancelWait = undefined;
      void importRendererChecks().then(
        async (checks) =>
          start(await checks.drawsInSoftwareOffMainThread(), checks.drawsInSoftware),
        () => start(true, Boolean),
      );
    });
    return () => {
      gone = true;
      cancelWait?.();
      sceneRef.current?.dispose();
      sceneRef.current = null;
    };
  }, [live]);

  return (
    <div
      className={styles.layer}
      data-paused={paused}
      data-background={appearance}
      aria-hidden="true"
    >
      {phase !== 'fallback' && <canvas ref={canvasRef} className={styles.canvas} />}
    </div>
  );
}
