/**
 * The animated background: a drifting particle field and a floating metallic object in one
 * WebGL canvas. This module and three.js form a chunk of their own, loaded once the page is
 * idle; the shell hands over its canvas and the WebGL context it already created, so the page
 * never holds a second context.
 */
import { createRoot, extend, useFrame, useThree, type RootStore } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  Group,
  Mesh,
  MeshStandardMaterial,
  Points,
  ShaderMaterial,
  TorusKnotGeometry,
  WebGLRenderer,
  setConsoleFunction,
  type Scene,
  type WebGLRenderTarget,
} from 'three';
import type { ContextState } from '../background-mode.ts';
import { MetallicObject } from './metallic-object.tsx';
import { trackPointer, type PointerPosition } from './motion.ts';
import { PARTICLE_COUNT, ParticleField } from './particle-field.tsx';
import { cappedPixelRatio, PixelRatioGovernor } from './pixel-ratio.ts';
import { bakeRoomEnvironment } from './room-environment.ts';
import {
  pageColorScheme,
  SCENE_COLORS,
  watchPageColorScheme,
  type SceneColors,
} from './scene-colors.ts';
import {
  CONTEXT_RESTORE_TIMEOUT_MS,
  contextStateAfterLoss,
  frameloopFor,
  particleCountFor,
} from './scene-state.ts';

// Only the three.js classes the scene's elements use, so the chunk carries no more of three.
extend({
  BufferAttribute,
  BufferGeometry,
  Group,
  Mesh,
  MeshStandardMaterial,
  Points,
  ShaderMaterial,
  TorusKnotGeometry,
});

/**
 * three's notices that call for nothing here: R3F's store still builds a THREE.Clock; parallel
 * shader compilation is an optional speed-up some GPUs lack; and a context that is already lost
 * offers no extension to release it with (there is nothing left to release).
 */
const QUIET_NOTICES = [
  'THREE.Clock: This module has been deprecated',
  'KHR_parallel_shader_compile',
  'WEBGL_lose_context extension not supported',
];

// three reports a lost or restored context with console.log; both are handled here, so the
// console stays quiet. Other warnings and errors still go through.
setConsoleFunction((level, message, ...params) => {
  if (level === 'log' || QUIET_NOTICES.some((notice) => message.includes(notice))) return;
  if (level === 'warn') console.warn(message, ...params);
  else console.error(message, ...params);
});

/** Vertical field of view of the camera, in degrees. */
const FIELD_OF_VIEW = 50;
/** Distance of the camera from the centre of the scene. */
const CAMERA_DISTANCE = 8;
/** How bright the reflected room is. */
const ENVIRONMENT_INTENSITY = 0.5;

export interface BackgroundSceneOptions {
  /** The canvas to draw on; it fills its parent, whose size the scene follows. */
  canvas: HTMLCanvasElement;
  /** The canvas's WebGL 2 context, created by the caller. */
  context: WebGL2RenderingContext;
  /** Whether to start paused. */
  paused: boolean;
  /** Called once the scene is built and its shaders are compiled. */
  onReady: () => void;
  /** Called when the scene could not be set up. */
  onFailure: (error: unknown) => void;
  /** Called when the context is lost, restored or given up on. */
  onContextChange: (context: ContextState) => void;
}

export interface BackgroundScene {
  /** Pauses (no frame rendered, no frame requested) or resumes where the motion stopped. */
  setPaused: (paused: boolean) => void;
  /** Unmounts the scene and releases everything it holds on the GPU, the context included. */
  dispose: () => void;
}

interface FrameKeeperProps {
  governor: PixelRatioGovernor;
}

/** Counts rendered frames and lowers the pixel ratio when they take too long. */
function FrameKeeper({ governor }: FrameKeeperProps) {
  useFrame((state, delta) => {
    window.__backgroundFrames = (window.__backgroundFrames ?? 0) + 1;
    const next = governor.sample(delta * 1000);
    if (next !== null) state.setDpr(next);
  });
  return null;
}

interface StillFrameProps {
  colors: SceneColors;
}

/**
 * Draws one frame when the colours change while the loop is stopped (paused, hidden, off
 * screen), so that a still scene takes the page's new colour scheme too. Its effect runs
 * after the new colours are in the materials.
 */
function StillFrame({ colors }: StillFrameProps) {
  const get = useThree((state) => state.get);
  const shown = useRef(colors);
  useEffect(() => {
    if (shown.current === colors) return;
    shown.current = colors;
    const { frameloop, gl, scene, camera } = get();
    if (frameloop === 'never' && !gl.getContext().isContextLost()) gl.render(scene, camera);
  }, [colors, get]);
  return null;
}

interface SceneContentProps {
  count: number;
  pointer: PointerPosition;
  governor: PixelRatioGovernor;
  colors: SceneColors;
}

function SceneContent({ count, pointer, governor, colors }: SceneContentProps) {
  return (
    <>
      <ParticleField
        count={count}
        pointer={pointer}
        fov={FIELD_OF_VIEW}
        palette={colors.particles}
      />
      <MetallicObject color={colors.metal} />
      <FrameKeeper governor={governor} />
      <StillFrame colors={colors} />
    </>
  );
}

/** The scene's colours as its materials hold them now, for the tests (`__backgroundColors`). */
function colorsInUse(scene: Scene): { particles: string[]; metal: string } {
  const colors = { particles: [] as string[], metal: '' };
  scene.traverse((object) => {
    if (object instanceof Points && object.material instanceof ShaderMaterial) {
      const palette = Array.from(object.material.uniforms.uPalette?.value as ArrayLike<number>);
      for (let i = 0; i + 2 < palette.length; i += 3) {
        const channels = palette.slice(i, i + 3).map((value) => Math.round(value * 255));
        colors.particles.push(`#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
      }
    }
    if (object instanceof Mesh && object.material instanceof MeshStandardMaterial) {
      colors.metal = `#${object.material.color.getHexString()}`;
    }
  });
  return colors;
}

/** Lets the browser run other work (input, painting) between the steps of the set-up. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Builds the scene on `canvas`, a step per task so no step blocks the page for long. It
 * renders only while running, visible and on screen; anything else stops the loop outright.
 */
export function mountBackgroundScene({
  canvas,
  context,
  paused: startPaused,
  onReady,
  onFailure,
  onContextChange,
}: BackgroundSceneOptions): BackgroundScene {
  const container = canvas.parentElement ?? canvas;
  let paused = startPaused;
  let hidden = document.visibilityState === 'hidden';
  let offscreen = false;
  let contextState: ContextState = 'ok';
  let losses = 0;
  let restoreTimer: ReturnType<typeof setTimeout> | undefined;
  let width = container.clientWidth;
  let height = container.clientHeight;
  let renderer: WebGLRenderer | undefined;
  let environment: WebGLRenderTarget | undefined;
  let store: RootStore | undefined;
  /** Whether the root has been handed the renderer (from then on it disposes it). */
  let rootHasRenderer = false;
  let disposed = false;
  // A function, so the checks after each await read the current value.
  const isDisposed = () => disposed;

  const governor = new PixelRatioGovernor({ max: cappedPixelRatio(window.devicePixelRatio) });
  const { pointer, stop: stopTrackingPointer } = trackPointer(window);
  const root = createRoot(canvas);
  let count = PARTICLE_COUNT;
  let colors = SCENE_COLORS[pageColorScheme()];

  /** Renders the scene's elements with the current colours; the root keeps what it can. */
  function renderContent(): RootStore {
    return root.render(
      <SceneContent count={count} pointer={pointer} governor={governor} colors={colors} />,
    );
  }

  // The page's colour scheme may change at any time (the Theme control, the system's setting).
  const stopWatchingScheme = watchPageColorScheme((scheme) => {
    colors = SCENE_COLORS[scheme];
    if (store && !disposed) renderContent();
  });

  /** Starts or stops the loop; size and pixel ratio changes wait until it runs. */
  function update(): void {
    if (disposed || !store) return;
    const state = store.getState();
    const frameloop = frameloopFor({ paused, hidden, offscreen, context: contextState });
    if (frameloop === 'never') {
      if (state.frameloop !== 'never') state.setFrameloop('never');
      return;
    }
    if (state.size.width !== width || state.size.height !== height) state.setSize(width, height);
    if (state.viewport.dpr !== governor.current) state.setDpr(governor.current);
    if (state.frameloop !== 'always') {
      governor.restart();
      state.setFrameloop('always');
    }
  }

  const onVisibilityChange = () => {
    hidden = document.visibilityState === 'hidden';
    update();
  };
  const intersection = new IntersectionObserver(([entry]) => {
    if (!entry) return;
    offscreen = !entry.isIntersecting;
    update();
  });
  const resize = new ResizeObserver(() => {
    width = container.clientWidth;
    height = container.clientHeight;
    update();
  });

  let resolutionQuery: MediaQueryList | undefined;
  const onResolutionChange = () => {
    governor.setMax(cappedPixelRatio(window.devicePixelRatio));
    watchResolution();
    update();
  };
  function watchResolution(): void {
    resolutionQuery?.removeEventListener('change', onResolutionChange);
    resolutionQuery = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    resolutionQuery.addEventListener('change', onResolutionChange);
  }

  const onContextLost = () => {
    losses += 1;
    contextState = contextStateAfterLoss(losses);
    clearTimeout(restoreTimer);
    if (contextState === 'lost') {
      restoreTimer = setTimeout(() => {
        contextState = 'lost-for-good';
        onContextChange(contextState);
      }, CONTEXT_RESTORE_TIMEOUT_MS);
    }
    update();
    onContextChange(contextState);
  };
  // Runs after three's own listener (added when the renderer was made) has rebuilt its state.
  const onContextRestored = () => {
    if (contextState === 'lost-for-good' || !renderer || !store) return;
    clearTimeout(restoreTimer);
    // The GPU's copy of the environment went with the context: bake it again. The old one is
    // dropped, not disposed: its GPU objects died with the context, and deleting them now
    // would only draw errors from WebGL.
    environment = bakeRoomEnvironment(renderer);
    store.getState().scene.environment = environment.texture;
    contextState = 'ok';
    update();
    onContextChange(contextState);
  };

  document.addEventListener('visibilitychange', onVisibilityChange);
  intersection.observe(canvas);
  resize.observe(container);
  watchResolution();

  async function build(): Promise<void> {
    const gl = new WebGLRenderer({ canvas, context });
    renderer = gl;
    // Reading a shader's status makes the page wait for the GPU to compile it. These shaders
    // are fixed and tested; in development their errors are still reported.
    gl.debug.checkShaderErrors = import.meta.env.DEV;
    canvas.addEventListener('webglcontextlost', onContextLost);
    canvas.addEventListener('webglcontextrestored', onContextRestored);
    environment = bakeRoomEnvironment(gl);
    await nextTask();
    if (isDisposed()) return;

    rootHasRenderer = true;
    await root.configure({
      // A factory, so the root owns the renderer and disposes it (and the context) on unmount.
      gl: () => gl,
      scene: { environment: environment.texture, environmentIntensity: ENVIRONMENT_INTENSITY },
      camera: { fov: FIELD_OF_VIEW, near: 0.1, far: 60, position: [0, 0, CAMERA_DISTANCE] },
      dpr: governor.current,
      frameloop: 'never',
      size: { width, height, top: 0, left: 0 },
    });
    if (isDisposed()) return;
    count = particleCountFor(PARTICLE_COUNT, window.__backgroundParticles);
    store = renderContent();
    const { scene, camera } = store.getState();
    window.__backgroundMemory = () => ({
      programs: gl.info.programs?.length ?? 0,
      geometries: gl.info.memory.geometries,
      textures: gl.info.memory.textures,
    });
    window.__backgroundColors = () => colorsInUse(scene);
    await nextTask();
    if (isDisposed()) return;

    // Compiles in the background where the GPU allows it, instead of on the first frame.
    await gl.compileAsync(scene, camera);
    if (isDisposed()) return;
    onReady();
    update();
  }

  build().catch((error: unknown) => {
    if (!disposed) onFailure(error);
  });

  return {
    setPaused(next) {
      paused = next;
      update();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      clearTimeout(restoreTimer);
      // Removed first: releasing the context below fires a loss that is no news to anyone.
      canvas.removeEventListener('webglcontextlost', onContextLost);
      canvas.removeEventListener('webglcontextrestored', onContextRestored);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      resolutionQuery?.removeEventListener('change', onResolutionChange);
      intersection.disconnect();
      resize.disconnect();
      stopTrackingPointer();
      stopWatchingScheme();
      delete window.__backgroundMemory;
      delete window.__backgroundColors;
      environment?.dispose();
      // Disposes the scene graph and the renderer, and releases the context. What the root never
      // received (disposed or failed mid-set-up) is released here instead.
      root.unmount();
      if (rootHasRenderer) return;
      if (renderer) {
        renderer.dispose();
        renderer.forceContextLoss();
      } else if (!context.isContextLost()) {
        context.getExtension('WEBGL_lose_context')?.loseContext();
      }
    },
  };
}
