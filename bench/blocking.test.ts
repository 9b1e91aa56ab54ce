import { describe, expect, it } from 'vitest';
import { blockingByScript, type LongTask } from './blocking.ts';

const URLS = ['http://site/assets/background-scene-abc.js', 'http://site/assets/react-def.js'];
const WINDOW = { fcpMs: 1000, interactiveMs: 3000 };

describe('blockingByScript', () => {
  it('counts what each long task blocks past 50 ms, by the script it is attributed to', () => {
    const tasks: LongTask[] = [
      { urlIndex: 0, startTime: 1100, duration: 150 },
      { urlIndex: 1, startTime: 1500, duration: 80 },
      { urlIndex: 0, startTime: 2000, duration: 70 },
    ];
    const scriptTimes = [
      { url: URLS[0] ?? '', total: 400, scripting: 380, scriptParseCompile: 20 },
      // Half of its main-thread time is style, layout and paint: half its blocking is script.
      { url: URLS[1] ?? '', total: 200, scripting: 90, scriptParseCompile: 10 },
    ];
    expect(blockingByScript(URLS, tasks, { ...WINDOW, tbtMs: 150 }, scriptTimes)).toEqual([
      { url: URLS[0], blockingMs: 120, scriptBlockingMs: 120 },
      { url: URLS[1], blockingMs: 30, scriptBlockingMs: 15 },
    ]);
  });

  it('counts only the part of a task between first paint and interactive, as Lighthouse does', () => {
    const tasks = [
      // Ends before first paint: not counted.
      { urlIndex: 0, startTime: 500, duration: 400 },
      // 120 ms of it after first paint: 70 ms blocking.
      { urlIndex: 0, startTime: 880, duration: 240 },
      // Starts after interactive: not counted.
      { urlIndex: 1, startTime: 3100, duration: 500 },
    ];
    expect(blockingByScript(URLS, tasks, { ...WINDOW, tbtMs: 70 })).toEqual([
      // With no traced time for the script, none of its blocking is counted as script.
      { url: URLS[0], blockingMs: 70, scriptBlockingMs: 0 },
    ]);
  });

  it('scales the parts so they add up to the total blocking time Lighthouse reports', () => {
    const tasks = [
      { urlIndex: 0, startTime: 1100, duration: 150 },
      { urlIndex: 1, startTime: 1500, duration: 150 },
    ];
    const parts = blockingByScript(URLS, tasks, { ...WINDOW, tbtMs: 100 });
    expect(parts.map((part) => part.blockingMs)).toEqual([50, 50]);
  });

  it('has nothing to split when no task blocks', () => {
    expect(blockingByScript(URLS, [], { ...WINDOW, tbtMs: 0 })).toEqual([]);
  });
});
