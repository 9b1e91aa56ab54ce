export { drawsInSoftware } from './renderer-name.ts';

/** How long the worker may take to answer before the page checks for itself, in ms. */
export const PROBE_TIMEOUT_MS = 5_000;

/**
 * Whether WebGL 2 here is drawn in software, found out in a worker so that the page's main
 * thread creates no context where the scene would never run. Resolves `true` only on that
 * worker's word; where workers, offscreen canvases or WebGL in workers are missing, or the
 * worker fails or stays silent, it resolves `false` and the page checks on its own canvas.
 * Where a test lets the scene run in software, there is nothing to find out.
 */
export function drawsInSoftwareOffMainThread(): Promise<boolean> {
  if (window.__backgroundAllowSoftwareRenderer === true) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      const worker = new Worker(new URL('./renderer-probe.worker.ts', import.meta.url), {
        type: 'module',
      });
      const finish = (software: boolean) => {
        clearTimeout(timer);
        worker.terminate();
        resolve(software);
      };
      const timer = setTimeout(finish, PROBE_TIMEOUT_MS, false);
      worker.onmessage = (event: MessageEvent<unknown>) => finish(event.data === true);
      worker.onerror = () => finish(false);
    } catch {
      resolve(false);
    }
  });
}
