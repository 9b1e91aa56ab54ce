/**
 * Which scripts Lighthouse's total blocking time comes from, from the long tasks its
 * long-tasks audit lists (each with the script it is attributed to and its simulated start and
 * duration), and how much of it is running script, from its bootup-time audit (each script's
 * main-thread time, and the part of it that is script evaluation and compilation, as traced).
 */

/** Blocking time of the long tasks attributed to one script. */
export interface BlockingByScript {
  url: string;
  /** Its share of the total blocking time. */
  blockingMs: number;
  /** The part of that spent running and compiling script, rather than style, layout or paint. */
  scriptBlockingMs: number;
}

const BLOCKING_THRESHOLD_MS = 50;

export interface LongTask {
  urlIndex: number;
  startTime: number;
  duration: number;
}

/** An item of the bootup-time audit: a script's main-thread time, all of it and script alone. */
export interface ScriptTime {
  url: string;
  total: number;
  scripting: number;
  scriptParseCompile: number;
}

/**
 * Splits the total blocking time by script: each long task's blocking part within the window
 * Lighthouse counts (first contentful paint to interactive, clipped as Lighthouse clips it),
 * grouped by the script Lighthouse attributes the task to, and scaled so the parts add up to
 * the reported TBT (Lighthouse estimates TBT from two simulations, the long tasks from a third).
 * A script's blocking time is script in the share its traced main-thread time is: the rest is
 * style, layout, paint and the renderer's own work on its behalf.
 */
export function blockingByScript(
  urls: string[],
  tasks: LongTask[],
  { fcpMs, interactiveMs, tbtMs }: { fcpMs: number; interactiveMs: number; tbtMs: number },
  scriptTimes: ScriptTime[] = [],
): BlockingByScript[] {
  const scriptShare = new Map(
    scriptTimes.map((time) => [
      time.url,
      time.total > 0 ? Math.min(1, (time.scripting + time.scriptParseCompile) / time.total) : 0,
    ]),
  );
  const byUrl = new Map<string, { blockingMs: number; scriptBlockingMs: number }>();
  for (const task of tasks) {
    const end = task.startTime + task.duration;
    const clipped = Math.min(end, interactiveMs) - Math.max(task.startTime, fcpMs);
    if (end < fcpMs || task.startTime > interactiveMs || clipped < BLOCKING_THRESHOLD_MS) continue;
    const blocking = clipped - BLOCKING_THRESHOLD_MS;
    const url = urls[task.urlIndex] ?? 'unattributed';
    const entry = byUrl.get(url) ?? { blockingMs: 0, scriptBlockingMs: 0 };
    entry.blockingMs += blocking;
    entry.scriptBlockingMs += blocking * (scriptShare.get(url) ?? 0);
    byUrl.set(url, entry);
  }
  const total = [...byUrl.values()].reduce((sum, entry) => sum + entry.blockingMs, 0);
  const scale = total > 0 ? tbtMs / total : 0;
  return [...byUrl.entries()]
    .map(([url, entry]) => ({
      url,
      blockingMs: Math.round(entry.blockingMs * scale),
      scriptBlockingMs: Math.round(entry.scriptBlockingMs * scale),
    }))
    .sort((a, b) => b.blockingMs - a.blockingMs);
}
