/// <reference lib="dom" />
/**
 * Benchmark of the 3D backgrounds, against the built site on the real server.
 *
 * For the site's 3000 particles and for 30,000 (set through the scene's benchmark-only
 * `window.__backgroundParticles`, before the page loads), it records 10 s running and 10 s
 * paused: frames rendered per second, animation-frame callbacks, main-thread script time and
 * task time per frame (Chrome DevTools Protocol Performance.getMetrics), long tasks
 * (PerformanceObserver), and the CPU time of the page's renderer process and of the GPU process.
 * The 3D chunk's size is measured by `npm run bench:bundle`, the home page's Lighthouse score
 * with the scene running by `npm run bench:lighthouse`.
 *
 * Headless Chromium has no GPU: WebGL is drawn by SwiftShader on the CPU and the page is
 * composited in software, which reads every WebGL frame back on the main thread. The scene runs
 * here only through its test hook; frame rates and GPU-process figures are this renderer's, not
 * a phone's. Script time per frame is the scene's own JavaScript and is what carries over.
 *
 * Run `npm run build` first, then `npm run bench:3d`.
 * Prints the figures and writes bench/results/3d.json.
 */
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { serveBuild } from './serve-build.ts';

const WINDOW_MS = 10_000;
const PARTICLE_COUNTS = [3000, 30_000];
const RESULTS_FILE = 'bench/results/3d.json';

interface Sample {
  at: number;
  metrics: Record<string, number>;
  frames: number;
  animationFrameCallbacks: number;
  longTasks: number;
  gpuCpuSeconds: number;
}

interface LongTask {
  start: number;
  duration: number;
}

/**
 * Installed before the page's own scripts: lets the scene run on the software renderer, sets
 * the particle count, counts animation-frame callbacks and records long tasks.
 */
function instrument(particles: number | null) {
  const bench = {
    animationFrameCallbacks: 0,
    callbackMs: new Float64Array(65_536),
    longTasks: [] as LongTask[],
  };
  Object.assign(window, { __bench: bench });
  window.__backgroundAllowSoftwareRenderer = true;
  if (particles !== null) window.__backgroundParticles = particles;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    request((time) => {
      const start = performance.now();
      callback(time);
      bench.callbackMs[bench.animationFrameCallbacks % bench.callbackMs.length] =
        performance.now() - start;
      bench.animationFrameCallbacks += 1;
    });
}

declare global {
  interface Window {
    __bench?: { animationFrameCallbacks: number; callbackMs: Float64Array; longTasks: LongTask[] };
    __backgroundFrames?: number;
    __backgroundParticles?: unknown;
    __backgroundAllowSoftwareRenderer?: unknown;
  }
}

async function gpuProcessCpuSeconds(browserSession: CDPSession): Promise<number> {
  const { processInfo } = (await browserSession.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; cpuTime: number }[];
  };
  return processInfo
    .filter((process) => process.type === 'GPU')
    .reduce((sum, process) => sum + process.cpuTime, 0);
}

async function sample(page: Page, session: CDPSession, browserSession: CDPSession) {
  const { metrics } = await session.send('Performance.getMetrics');
  const counters = await page.evaluate(() => ({
    frames: window.__backgroundFrames ?? 0,
    animationFrameCallbacks: window.__bench?.animationFrameCallbacks ?? 0,
    longTasks: window.__bench?.longTasks.length ?? 0,
  }));
  return {
    at: performance.now(),
    metrics: Object.fromEntries(metrics.map((metric) => [metric.name, metric.value])),
    ...counters,
    gpuCpuSeconds: await gpuProcessCpuSeconds(browserSession),
  } satisfies Sample;
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0);
}

function summarise(
  before: Sample,
  after: Sample,
  { longTasks, callbackMs }: { longTasks: LongTask[]; callbackMs: number[] },
) {
  const seconds = (after.at - before.at) / 1000;
  const callbacks = callbackMs.slice(before.animationFrameCallbacks, after.animationFrameCallbacks);
  const frames = after.frames - before.frames;
  const delta = (name: string) => (after.metrics[name] ?? 0) - (before.metrics[name] ?? 0);
  const perFrameMs = (name: string) => (frames > 0 ? round((delta(name) * 1000) / frames) : null);
  const windowTasks = longTasks.slice(before.longTasks, after.longTasks);
  return {
    seconds: round(seconds, 2),
    frames,
    framesPerSecond: round(frames / seconds, 1),
    animationFrameCallbacks: after.animationFrameCallbacks - before.animationFrameCallbacks,
    scriptMsPerFrame: perFrameMs('ScriptDuration'),
    animationFrameCallbackMs: {
      mean:
        callbacks.length > 0
          ? round(callbacks.reduce((sum, ms) => sum + ms, 0) / callbacks.length)
          : null,
      median: percentile(callbacks, 0.5),
      p95: percentile(callbacks, 0.95),
    },
    taskMsPerFrame: perFrameMs('TaskDuration'),
    mainThreadCpuMsPerFrame: perFrameMs('ThreadTime'),
    scriptMsPerSecond: round((delta('ScriptDuration') * 1000) / seconds),
    taskMsPerSecond: round((delta('TaskDuration') * 1000) / seconds),
    rendererProcessCpuPercentOfOneCore: round((delta('ProcessTime') / seconds) * 100, 2),
    mainThreadCpuPercentOfOneCore: round((delta('ThreadTime') / seconds) * 100, 2),
    gpuProcessCpuPercentOfOneCore: round(
      ((after.gpuCpuSeconds - before.gpuCpuSeconds) / seconds) * 100,
      2,
    ),
    longTasks: {
      count: windowTasks.length,
      totalMs: round(
        windowTasks.reduce((sum, task) => sum + task.duration, 0),
        0,
      ),
      maxMs: round(Math.max(0, ...windowTasks.map((task) => task.duration)), 0),
    },
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Traces the running scene for a few seconds: the animation-frame script of each frame, timed
 * to the microsecond (the page's own clock is coarsened to 0.1 ms), and the main thread's long
 * tasks split into what ran in them: the scene's animation-frame script, and the compositor's
 * read-back of the WebGL frame (software compositing only: a GPU-composited browser reads
 * nothing back).
 */
async function traceRunning(browser: Browser, page: Page, seconds: number) {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'gpu', 'cc'],
  });
  await page.waitForTimeout(seconds * 1000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const events = trace.traceEvents;
  const threadNames = new Map<string, string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name) {
      threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
    }
  }
  const complete = events.filter((event) => event.ph === 'X' && event.dur !== undefined);
  const frames = complete.filter((event) => event.name === 'FireAnimationFrame');
  // The page's main thread: the renderer main thread that ran the animation frames.
  const main = frames[0] ? `${frames[0].pid}:${frames[0].tid}` : '';
  const onMain = complete.filter(
    (event) => `${event.pid}:${event.tid}` === main && threadNames.get(main) === 'CrRendererMain',
  );
  const within = (task: TraceEvent, name: string) =>
    onMain
      .filter(
        (event) =>
          event.name === name &&
          event.ts >= task.ts &&
          event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0),
      )
      .reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
  const longTasks = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 50_000);
  const attributed = longTasks.map((task) => ({
    ms: (task.dur ?? 0) / 1000,
    animationFrameScriptMs: within(task, 'FireAnimationFrame'),
    readBackMs: within(task, 'GLES2::ReadPixels'),
  }));
  const frameMs = frames.map((event) => (event.dur ?? 0) / 1000);
  return {
    seconds,
    frames: frames.length,
    animationFrameScriptMs: {
      mean: round(frameMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, frameMs.length)),
      median: percentile(frameMs, 0.5),
      p95: percentile(frameMs, 0.95),
    },
    longTasks: attributed.length,
    longTasksWithAnimationFrameScriptOver50Ms: attributed.filter(
      (task) => task.animationFrameScriptMs > 50,
    ).length,
    longestAnimationFrameScriptMs: round(
      Math.max(0, ...frames.map((event) => (event.dur ?? 0) / 1000)),
      1,
    ),
    shareOfLongTaskTimeReadingBackFrames: round(
      attributed.reduce((sum, task) => sum + task.readBackMs, 0) /
        Math.max(
          1,
          attributed.reduce((sum, task) => sum + task.ms, 0),
        ),
      3,
    ),
  };
}

async function measureScene(browser: Browser, origin: string, particles: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.addInitScript(instrument, particles === 3000 ? null : particles);
  const session = await context.newCDPSession(page);
  const browserSession = await browser.newBrowserCDPSession();
  await session.send('Performance.enable');

  const started = performance.now();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => (window.__backgroundFrames ?? 0) >= 30, null, {
    timeout: 180_000,
  });
  const secondsToThirtyFrames = round((performance.now() - started) / 1000, 1);
  // Let start-up settle (the pixel ratio adapts in the first seconds on a slow renderer).
  await page.waitForTimeout(3_000);
  const traced = await traceRunning(browser, page, 4);

  const startRunning = await sample(page, session, browserSession);
  await page.waitForTimeout(WINDOW_MS);
  const endRunning = await sample(page, session, browserSession);

  const toggle = page.getByRole('button', { name: 'Pause animation' });
  await toggle.click();
  await page.waitForFunction(() => document.querySelector('[aria-pressed="true"]') !== null, null, {
    timeout: 10_000,
  });
  await page.waitForTimeout(1_000);
  const startPaused = await sample(page, session, browserSession);
  await page.waitForTimeout(WINDOW_MS);
  const endPaused = await sample(page, session, browserSession);

  const details = await page.evaluate(() => {
    const canvas = document.querySelector('canvas');
    const bench = window.__bench;
    return {
      longTasks: bench?.longTasks ?? [],
      callbackMs: bench
        ? Array.from(bench.callbackMs.subarray(0, bench.animationFrameCallbacks))
        : [],
      pixelRatio: canvas ? canvas.width / Math.max(1, canvas.clientWidth) : null,
    };
  });
  await context.close();

  const startUpTasks = details.longTasks.slice(0, startRunning.longTasks);
  return {
    particles,
    viewport: '1280x720',
    secondsToThirtyFrames,
    startUpLongTasks: {
      count: startUpTasks.length,
      maxMs: round(Math.max(0, ...startUpTasks.map((task) => task.duration)), 0),
    },
    pixelRatioAfterAdapting: details.pixelRatio === null ? null : round(details.pixelRatio, 2),
    traced,
    running: summarise(startRunning, endRunning, details),
    paused: summarise(startPaused, endPaused, details),
  };
}

async function main() {
  if (!existsSync('build/site.json') || !existsSync('build/server/server/main.js')) {
    throw new Error('No built site: run `npm run build` first.');
  }
  const server = await serveBuild();
  try {
    const scenes = [];
    for (const particles of PARTICLE_COUNTS) {
      // A browser per run, so one run's GPU work never overlaps the next.
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      try {
        scenes.push(await measureScene(browser, server.url, particles));
      } finally {
        await browser.close();
      }
    }
    const [base, heavy] = scenes;
    const growth = (from: number | null | undefined, to: number | null | undefined) =>
      from && to ? round(to / from - 1, 3) : null;
    const scriptGrowth = {
      animationFrameCallbackMedian: growth(
        base?.running.animationFrameCallbackMs.median,
        heavy?.running.animationFrameCallbackMs.median,
      ),
      animationFrameCallbackMean: growth(
        base?.running.animationFrameCallbackMs.mean,
        heavy?.running.animationFrameCallbackMs.mean,
      ),
      scriptMsPerFrame: growth(base?.running.scriptMsPerFrame, heavy?.running.scriptMsPerFrame),
      mainThreadCpuMsPerFrame: growth(
        base?.running.mainThreadCpuMsPerFrame,
        heavy?.running.mainThreadCpuMsPerFrame,
      ),
      tracedAnimationFrameScriptMedian: growth(
        base?.traced.animationFrameScriptMs.median,
        heavy?.traced.animationFrameScriptMs.median,
      ),
    };
    const results = {
      date: new Date().toISOString(),
      environment: {
        chromium: chromiumPath,
        renderer:
          'headless Chromium: WebGL drawn in software (SwiftShader), software compositing; the scene is allowed to run on it through its test hook',
        cpus: os.cpus().length,
        loadAverage: os.loadavg().map((load) => round(load, 2)),
      },
      scenes,
      scriptPerFrameGrowthFrom3000To30000: scriptGrowth,
    };

    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    report(results);
  } finally {
    await server.close();
  }
}

function report(results: {
  scenes: Awaited<ReturnType<typeof measureScene>>[];
  scriptPerFrameGrowthFrom3000To30000: {
    animationFrameCallbackMedian: number | null;
    animationFrameCallbackMean: number | null;
    scriptMsPerFrame: number | null;
    mainThreadCpuMsPerFrame: number | null;
    tracedAnimationFrameScriptMedian: number | null;
  };
}) {
  for (const scene of results.scenes) {
    console.log(
      `\n${scene.particles} particles (${scene.viewport}; 30 frames after ${scene.secondsToThirtyFrames} s; pixel ratio ${scene.pixelRatioAfterAdapting}; start-up long tasks ${scene.startUpLongTasks.count}, longest ${scene.startUpLongTasks.maxMs} ms)`,
    );
    const attribution = scene.traced;
    console.log(
      `  traced ${attribution.seconds} s running: animation-frame script ${attribution.animationFrameScriptMs.median} ms median, ${attribution.animationFrameScriptMs.mean} ms mean, ${attribution.animationFrameScriptMs.p95} ms p95 over ${attribution.frames} frames; ${attribution.longTasks} long tasks, ${attribution.longTasksWithAnimationFrameScriptOver50Ms} of them with over 50 ms of the scene's script; longest animation-frame script ${attribution.longestAnimationFrameScriptMs} ms; ${(attribution.shareOfLongTaskTimeReadingBackFrames * 100).toFixed(0)} % of long-task time is the software compositor reading frames back`,
    );
    for (const [label, window] of [
      ['running', scene.running],
      ['paused ', scene.paused],
    ] as const) {
      console.log(
        `  ${label}: ${window.framesPerSecond} frames/s (${window.frames} frames, ${window.animationFrameCallbacks} animation-frame callbacks in ${window.seconds} s); ` +
          `script ${window.scriptMsPerFrame ?? '-'} ms/frame (animation-frame callback mean ${window.animationFrameCallbackMs.mean ?? '-'} ms, median ${window.animationFrameCallbackMs.median ?? '-'} ms, p95 ${window.animationFrameCallbackMs.p95 ?? '-'} ms), main-thread CPU ${window.mainThreadCpuMsPerFrame ?? '-'} ms/frame, task ${window.taskMsPerFrame ?? '-'} ms/frame; ` +
          `script ${window.scriptMsPerSecond} ms/s; renderer CPU ${window.rendererProcessCpuPercentOfOneCore} % of a core (main thread ${window.mainThreadCpuPercentOfOneCore} %), GPU process ${window.gpuProcessCpuPercentOfOneCore} %; ` +
          `long tasks ${window.longTasks.count} (longest ${window.longTasks.maxMs} ms)`,
      );
    }
  }
  const growth = results.scriptPerFrameGrowthFrom3000To30000;
  const percent = (value: number | null) =>
    value === null ? '-' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;
  console.log(
    `\n30,000 vs 3000 particles, running: animation-frame script median ${percent(growth.tracedAnimationFrameScriptMedian)} (traced), callback median ${percent(growth.animationFrameCallbackMedian)}, callback mean ${percent(growth.animationFrameCallbackMean)}; all main-thread script per frame ${percent(growth.scriptMsPerFrame)}; main-thread CPU time per frame ${percent(growth.mainThreadCpuMsPerFrame)}. ` +
      'Means and the script total also carry waits on a saturated software GPU (and, on a busy machine, time the thread was not running), and the page’s other script spread over fewer frames.',
  );
  console.log(`\nWrote ${RESULTS_FILE}`);
}

await main();
