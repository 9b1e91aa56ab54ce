import { describe, expect, it } from 'vitest';
import { toThreadTime, type TraceEvent } from './thread-time.ts';

const MAIN = { pid: 1, tid: 10 };
const OTHER = { pid: 1, tid: 11 };

function threadNames(): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ...MAIN, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', ...OTHER, ts: 0, args: { name: 'Compositor' } },
  ];
}

describe('toThreadTime', () => {
  it('shrinks a main-thread task and what it holds to the thread’s own time', () => {
    const task: TraceEvent = {
      name: 'RunTask',
      ph: 'X',
      ...MAIN,
      ts: 1000,
      dur: 40_000,
      tdur: 10_000,
    };
    const layout: TraceEvent = { name: 'Layout', ph: 'X', ...MAIN, ts: 21_000, dur: 20_000 };
    const mark: TraceEvent = { name: 'firstPaint', ph: 'R', ...MAIN, ts: 41_000 };
    const summary = toThreadTime([...threadNames(), task, layout, mark]);

    expect(task).toMatchObject({ ts: 1000, dur: 10_000 });
    // 20 ms in, lasting 20 ms of the task's 40: a quarter of each.
    expect(layout).toMatchObject({ ts: 6000, dur: 5000 });
    // After the task: where it was.
    expect(mark.ts).toBe(41_000);
    expect(summary).toEqual({ tasks: 1, wallMs: 40, threadMs: 10 });
  });

  it('leaves other threads, tasks without thread time and the time between tasks alone', () => {
    const first: TraceEvent = {
      name: 'RunTask',
      ph: 'X',
      ...MAIN,
      ts: 0,
      dur: 30_000,
      tdur: 15_000,
    };
    const untimed: TraceEvent = { name: 'RunTask', ph: 'X', ...MAIN, ts: 30_000, dur: 20_000 };
    const next: TraceEvent = {
      name: 'RunTask',
      ph: 'X',
      ...MAIN,
      ts: 60_000,
      dur: 10_000,
      tdur: 10_000,
    };
    const compositor: TraceEvent = {
      name: 'RunTask',
      ph: 'X',
      ...OTHER,
      ts: 0,
      dur: 30_000,
      tdur: 1000,
    };
    toThreadTime([...threadNames(), first, untimed, next, compositor]);

    expect(first).toMatchObject({ ts: 0, dur: 15_000 });
    expect(untimed).toMatchObject({ ts: 30_000, dur: 20_000 });
    expect(next).toMatchObject({ ts: 60_000, dur: 10_000 });
    expect(compositor).toMatchObject({ ts: 0, dur: 30_000 });
  });

  it('shrinks a task written twice (both task events) once, and never stretches one', () => {
    const outer: TraceEvent = {
      name: 'ThreadControllerImpl::RunTask',
      ph: 'X',
      ...MAIN,
      ts: 0,
      dur: 20_000,
      tdur: 5000,
    };
    const inner: TraceEvent = {
      name: 'RunTask',
      ph: 'X',
      ...MAIN,
      ts: 100,
      dur: 19_800,
      tdur: 4900,
    };
    // Thread time over wall time (rounding in the trace): kept at its wall time.
    const busy: TraceEvent = {
      name: 'RunTask',
      ph: 'X',
      ...MAIN,
      ts: 30_000,
      dur: 5000,
      tdur: 5200,
    };
    const summary = toThreadTime([...threadNames(), outer, inner, busy]);

    expect(outer).toMatchObject({ ts: 0, dur: 5000 });
    expect(inner).toMatchObject({ ts: 25, dur: 4950 });
    expect(busy).toMatchObject({ ts: 30_000, dur: 5000 });
    expect(summary.tasks).toBe(2);
  });
});
