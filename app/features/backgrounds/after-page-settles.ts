/** How long an idle callback may wait for a quiet moment before it runs anyway, in ms. */
const IDLE_TIMEOUT_MS = 4_000;

/**
 * Runs `task` once the page has loaded and the main thread is idle, so decoration never
 * competes with the page's own start. Returns a function that cancels it.
 */
export function afterPageSettles(task: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    } else {
      // Browsers without idle callbacks: a macrotask after load is the next best moment.
      timer = setTimeout(task, 200);
    }
  };

  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });

  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    clearTimeout(timer);
  };
}
