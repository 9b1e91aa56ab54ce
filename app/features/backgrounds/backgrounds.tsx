import { useEffect, useRef, useState } from 'react';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import { afterPageSettles } from './after-page-settles.ts';
import {
  chooseBackgroundMode,
  sceneContextAttributes,
  type BackgroundConditions,
} from './background-mode.ts';
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
 * nothing reported to the visitor.
 */
export function Backgrounds({ paused }: BackgroundsProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pausedRef = useRef(paused);
  const sceneRef = useRef<BackgroundScene | null>(null);
  const startedRef = useRef(false);
  const mountedRef = useRef(false);
  const cancelStartRef = useRef<(() => void) | null>(null);
  const [conditions, setConditions] = useState<BackgroundConditions | null>(null);

  const mode = conditions ? chooseBackgroundMode(conditions) : null;
  const appearance: Appearance =
    mode === 'fallback' ? 'fallback' : conditions?.scene === 'ready' ? 'animated' : 'still';

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      startedRef.current = false;
      cancelStartRef.current?.();
      cancelStartRef.current = null;
      sceneRef.current?.dispose();
      sceneRef.current = null;
    };
  }, []);

  useEffect(() => {
    pausedRef.current = paused;
    sceneRef.current?.setPaused(paused);
    // The scene is fetched the first time it is wanted: a visitor who keeps it paused (or who
    // prefers reduced motion) never downloads it.
    if (paused || startedRef.current || cancelStartRef.current) return;

    // `software`: the worker found WebGL drawn in software, so no context is made here;
    // otherwise `isSoftware` checks the canvas's own.
    const start = (software: boolean, isSoftware: (context: WebGL2RenderingContext) => boolean) => {
      cancelStartRef.current = null;
      const canvas = canvasRef.current;
      if (!mountedRef.current || !canvas || pausedRef.current) return;
      startedRef.current = true;

      const context = software ? null : createSceneContext(canvas);
      if (!context) {
        setConditions({
          webgl2: software,
          softwareRenderer: software,
          scene: 'idle',
          context: 'ok',
        });
        return;
      }
      const softwareRenderer =
        isSoftware(context) && window.__backgroundAllowSoftwareRenderer !== true;
      if (softwareRenderer) {
        releaseContext(context);
        setConditions({ webgl2: true, softwareRenderer, scene: 'idle', context: 'ok' });
        return;
      }
      setConditions({ webgl2: true, softwareRenderer, scene: 'loading', context: 'ok' });
      // Decoration that cannot load or start is no news to the visitor: the still background
      // stays, and the context goes back to the browser.
      const giveUp = () => {
        releaseContext(context);
        setConditions({ webgl2: true, softwareRenderer, scene: 'failed', context: 'ok' });
      };
      loadChunk(SCENE_CHUNK, importScene).then(({ mountBackgroundScene }) => {
        if (!mountedRef.current) {
          releaseContext(context);
          return;
        }
        try {
          sceneRef.current = mountBackgroundScene({
            canvas,
            context,
            paused: pausedRef.current,
            onReady: () => setConditions((last) => last && { ...last, scene: 'ready' }),
            onFailure: () => setConditions((last) => last && { ...last, scene: 'failed' }),
            onContextChange: (state) =>
              setConditions((last) => last && { ...last, context: state }),
          });
        } catch {
          giveUp();
        }
      }, giveUp);
    };
    // A worker finds out first whether WebGL here is drawn in software, so that where the scene
    // would never run the page's main thread does not spend a task creating a context.
    const probeThenStart = () => {
      let cancelled = false;
      cancelStartRef.current = () => {
        cancelled = true;
      };
      // Where the checks cannot be fetched, neither can the scene: the still background stays.
      void importRendererChecks().then(
        async (checks) => {
          const software = await checks.drawsInSoftwareOffMainThread();
          if (!cancelled) start(software, checks.drawsInSoftware);
        },
        () => cancelled || start(true, Boolean),
      );
    };
    cancelStartRef.current = afterPageSettles(probeThenStart);
  }, [paused]);

  useEffect(() => {
    if (mode !== 'fallback') return;
    sceneRef.current?.dispose();
    sceneRef.current = null;
  }, [mode]);

  return (
    <div
      className={styles.layer}
      data-paused={paused}
      data-background={appearance}
      aria-hidden="true"
    >
      {mode !== 'fallback' && <canvas ref={canvasRef} className={styles.canvas} />}
    </div>
  );
}
