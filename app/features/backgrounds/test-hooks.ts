/**
 * What the background scene shows to end-to-end tests and the benchmark: plain properties on
 * `window`, written or read outside the frame's hot path at no cost, and nothing a visitor
 * sees or can change from the page.
 */

/** What the scene holds on the GPU. */
export interface BackgroundMemory {
  programs: number;
  geometries: number;
  textures: number;
}

declare global {
  interface Window {
    /** How many frames the background scene has rendered since the page loaded. */
    __backgroundFrames?: number;
    /** What the scene holds on the GPU right now; defined while the scene is mounted. */
    __backgroundMemory?: () => BackgroundMemory;
    /**
     * The colours the scene's materials hold right now (#rrggbb): the particles' palette and
     * the metal's tint. Defined while the scene is mounted.
     */
    __backgroundColors?: () => { particles: string[]; metal: string };
    /**
     * Benchmark only: the number of particles, set before the page loads (an init script).
     * Read once when the scene mounts; anything that is not a whole number from 1 to 200,000
     * is ignored.
     */
    __backgroundParticles?: unknown;
    /**
     * Tests and benchmarks only: let the scene run on a software renderer (headless Chromium
     * draws WebGL with SwiftShader), where visitors get the still background. Set before load.
     */
    __backgroundAllowSoftwareRenderer?: unknown;
  }
}
