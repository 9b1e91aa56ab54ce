/**
 * Creates a throwaway WebGL 2 context on an offscreen canvas, answers whether it is drawn in
 * software (`true`) or not, or there is none (`false`), and gives it back. Run in a worker, so
 * the tens of milliseconds a context takes to create (more where the GPU is emulated) block
 * none of the page's own tasks. Without offscreen canvases it throws, which the page reads as
 * "check for yourself".
 */
import { drawsInSoftware } from './renderer-name.ts';

const context = new OffscreenCanvas(1, 1).getContext('webgl2', { powerPreference: 'low-power' });
const software = context !== null && drawsInSoftware(context);
context?.getExtension('WEBGL_lose_context')?.loseContext();

// The worker's global scope; the DOM library types `postMessage` as the window's.
(globalThis as unknown as { postMessage(software: boolean): void }).postMessage(software);
