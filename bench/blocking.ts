/**
 * Which scripts Lighthouse's total blocking time comes from, from the long tasks its
 * long-tasks audit lists (each with the script it is attributed to, its simulated start and
 * duration, and its time by kind of work).
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
const SCRIPT_GROUPS = ['scriptEvaluation', 'scriptParseCompile'];

export interface LongTask {
  urlIndex: number;
  startTime: number;
  duration: number;
  [group: string]: number;
}

/**
 * Splits the total blocking time by script: each long task's blocking part within the window
 * Lighthouse counts (first contentful paint to interactive, clipped as Lighthouse clips it),
 * grouped by the script Lighthouse attributes the task to, and scaled so the parts add up to
 * the reported TBT (Lighthouse estimates TBT from two simulations, the long tasks from a third).
 */
export function blockingByScript(
  urls: string[],
  tasks: LongTask[],
  { fcpMs, interactiveMs, tbtMs }: { fcpMs: number; interactiveMs: number; tbtMs: number },
): BlockingByScript[] {
  const byUrl = new Map<string, { blockingMs: number; scriptBlockingMs: number }>();
  for (const task of tasks) {
    const end = task.startTime + task.duration;
    const clipped = Math.min(end, interactiveMs) - Math.max(task.startTime, fcpMs);
    if (end < fcpMs || task.startTime > interactiveMs || clipped < BLOCKING_THRESHOLD_MS) continue;
    const blocking = clipped - BLOCKING_THRESHOLD_MS;
    const script = SCRIPT_GROUPS.reduce((sum, group) => sum + (task[group] ?? 0), 0);
    const url = urls[task.urlIndex] ?? 'unattributed';
    const entry = byUrl.get(url) ?? { blockingMs: 0, scriptBlockingMs: 0 };
    entry.blockingMs += blocking;
    entry.scriptBlockingMs += blocking * Math.min(1, script / Math.max(1, task.duration));
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
