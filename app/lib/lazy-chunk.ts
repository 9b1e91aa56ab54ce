/**
 * The one way this site loads a script chunk lazily. Every lazy import goes through
 * `loadChunk`, which gives it a time-out, turns any failure into a `ChunkLoadError`, and
 * reloads the page once when the failure comes from a newer deploy having replaced the
 * chunk (the old hashed file is gone).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** How long a chunk may take before it counts as failed, in ms. */
export const CHUNK_TIMEOUT_MS = 120_000;

const RELOAD_MARK_KEY = 'chunk-reload-for-build';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly chunk: string,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunk} failed`, options);
  }
}

/** Asks the server which build it serves now; `undefined` when that cannot be known. */
async function deployedBuildId(): Promise<string | undefined> {
  try {
    const response = await fetch('/build-id.json', { cache: 'no-store' });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reloads the page when a newer build is deployed, once per new build id (the mark in
 * session storage stops a reload loop). Resolves `true` when a reload has started.
 */
async function reloadForNewDeploy(): Promise<boolean> {
  const deployed = await deployedBuildId();
  if (deployed === undefined || deployed === __BUILD_ID__) return false;
  try {
    if (sessionStorage.getItem(RELOAD_MARK_KEY) === deployed) return false;
    sessionStorage.setItem(RELOAD_MARK_KEY, deployed);
  } catch {
    // Without session storage a loop cannot be ruled out, so do not reload.
    return false;
  }
  window.location.reload();
  return true;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface LoadChunkOptions {
  /** Time-out in ms; default CHUNK_TIMEOUT_MS (120000). */
  timeoutMs?: number;
}

/** Loads a chunk by its import function; `name` appears in the error message. */
export async function loadChunk<T>(
  name: string,
  importer: () => Promise<T>,
  { timeoutMs = CHUNK_TIMEOUT_MS }: LoadChunkOptions = {},
): Promise<T> {
  try {
    return await withTimeout(importer(), timeoutMs);
  } catch (cause) {
    if (await reloadForNewDeploy()) {
      // The page is going away; never settle, so nothing flashes an error before it does.
      return new Promise<T>(() => {});
    }
    throw new ChunkLoadError(name, { cause });
  }
}

/** `React.lazy` through `loadChunk`: a component whose code loads on first render. */
export function lazyChunk<P extends object>(
  name: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
  options?: LoadChunkOptions,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadChunk(name, importer, options));
}
