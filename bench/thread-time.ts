/**
 * A page's trace with each task of its main thread as long as the thread's own processor time
 * in it, for Lighthouse's simulation to slow down.
 *
 * Lighthouse's simulated throttling takes each main-thread task's duration from the trace and
 * multiplies it (4× on the mobile preset). That duration is wall-clock time: on a machine
 * whose processors are shared (a 2-core virtual machine running the browser, Lighthouse and
 * the server, whose host also takes time from it), a task also counts the time the thread sat
 * waiting for a processor or for another process, and the multiplier turns that wait into
 * blocking time the page never caused. Trace events carry both: `dur`, the wall-clock time,
 * and `tdur`, the time the thread itself ran. Each top-level task of a renderer's main thread,
 * with everything inside it, is shrunk to its `tdur`; the time between tasks, the network and
 * every other thread stay as they were.
 */

/** The fields of a trace event this reads and changes. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The events Lighthouse takes a main thread's top-level tasks from. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** Phases that sit on one thread's timeline: complete, begin and end, and instant events. */
const THREAD_PHASES = new Set(['X', 'B', 'E', 'I', 'i', 'R']);

export interface ThreadTimeSummary {
  /** Top-level main-thread tasks shrunk. */
  tasks: number;
  /** Their wall-clock time, all together, in ms. */
  wallMs: number;
  /** The same tasks' own processor time, in ms. */
  threadMs: number;
}

/**
 * Rewrites the trace's renderer main threads in place, as described above, and says how much
 * wall-clock time their tasks lost. A task without `tdur` stays as it is.
 */
export function toThreadTime(events: TraceEvent[]): ThreadTimeSummary {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(thread) || !THREAD_PHASES.has(event.ph)) continue;
    const list = byThread.get(thread) ?? [];
    list.push(event);
    byThread.set(thread, list);
  }

  const summary: ThreadTimeSummary = { tasks: 0, wallMs: 0, threadMs: 0 };
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    // Top-level tasks only: a task event nested in another (both names are written for one
    // task) shrinks with its parent.
    let taskEnd = Number.NEGATIVE_INFINITY;
    for (let index = 0; index < list.length; index += 1) {
      const task = list[index] as TraceEvent;
      if (task.ts < taskEnd) continue;
      if (task.ph !== 'X' || !TASK_NAMES.has(task.name) || !task.dur) continue;
      const start = task.ts;
      const end = start + task.dur;
      taskEnd = end;
      if (task.tdur === undefined) continue;
      const factor = Math.min(1, task.tdur / task.dur);
      summary.tasks += 1;
      summary.wallMs += task.dur / 1000;
      summary.threadMs += (task.dur * factor) / 1000;
      // The task and every event of this thread that starts within it, in proportion.
      for (let inner = index; inner < list.length; inner += 1) {
        const event = list[inner] as TraceEvent;
        if (event.ts >= end) break;
        event.ts = start + (event.ts - start) * factor;
        if (event.dur !== undefined) event.dur *= factor;
      }
    }
  }
  return summary;
}
