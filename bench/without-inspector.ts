/**
 * The longest run of a page's own scripts as a visitor's browser runs them: with no
 * inspector attached.
 *
 * Playwright (as Lighthouse and an open DevTools) enables the inspector's Runtime domain in
 * every page, and with it V8 records a detailed stack trace, with line and column, for each
 * `Error` the page creates. React DOM creates three as it starts (the sentinels it throws to
 * suspend), so V8 parses React DOM's whole module function again for its source positions:
 * in a Chromium trace of `/echoexpense` on the phone profile, `V8.CollectSourcePositions`
 * took 43–67 ms of the task that evaluates the entry. A visitor's browser pays none of it.
 *
 * So this drives Chromium over its DevTools pipe by hand, with only what the measure needs:
 * the page's lifecycle, the throttling and the screen (Page, Network, Emulation). The page
 * records its long animation frames itself, as in `tests/first-tap.ts`, and is read with
 * `Runtime.evaluate`, which needs no Runtime domain enabled.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { THROTTLING, type ViewportKind } from '../tests/first-tap.ts';

/** The two setups' screens, as `tests/first-tap.ts` gives them to Playwright. */
const SCREENS: Record<ViewportKind, object> = {
  phone: { width: 390, height: 844, deviceScaleFactor: 3, mobile: true },
  desktop: { width: 1350, height: 940, deviceScaleFactor: 1, mobile: false },
};

/** How long the page is watched once live, as `tests/first-tap.ts` does. */
const AFTER_LIVE_MS = 2000;
const LIVE_TIMEOUT_MS = 30_000;

/** Records the longest run of the page's own scripts (long animation frames). */
const RECORD = `(() => {
  window.__ownScript = null;
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) for (const script of frame.scripts || []) {
      let own = false;
      try { own = script.sourceURL !== "" && new URL(script.sourceURL).origin === location.origin; } catch {}
      if (own && (window.__ownScript === null || script.duration > window.__ownScript.ms)) {
        window.__ownScript = { ms: Math.round(script.duration), what: script.invoker + ' ' + script.sourceURL.replace(location.origin, '') };
      }
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
})();`;

interface Message {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

/** A Chromium driven over `--remote-debugging-pipe`: one JSON message per NUL-ended chunk. */
export class BareChromium {
  private nextId = 0;
  private readonly waiting = new Map<number, (message: Message) => void>();

  private constructor(
    private readonly process: ReturnType<typeof spawn>,
    private readonly input: Writable,
    private readonly profile: string,
  ) {}

  static async launch(): Promise<BareChromium> {
    const profile = await mkdtemp(path.join(tmpdir(), 'bench-bare-chromium-'));
    const child = spawn(
      chromiumPath,
      [
        ...chromiumArgs,
        '--headless=new',
        '--remote-debugging-pipe',
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true },
    );
    const browser = new BareChromium(child, child.stdio[3] as Writable, profile);
    let pending = '';
    (child.stdio[4] as Readable).on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      let end: number;
      while ((end = pending.indexOf('\0')) >= 0) {
        const message = JSON.parse(pending.slice(0, end)) as Message;
        pending = pending.slice(end + 1);
        if (message.id !== undefined) browser.waiting.get(message.id)?.(message);
      }
    });
    return browser;
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (message) => {
        this.waiting.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
      this.input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /** Chromium and every process it started (the renderers), and its profile. */
  async close(): Promise<void> {
    if (this.process.pid !== undefined) {
      try {
        process.kill(-this.process.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    await rm(this.profile, { recursive: true, force: true });
  }

  /**
   * Loads `url` on the setup's throttled screen and returns the longest run of its own
   * scripts until two seconds after it is live, in ms, and which script it was.
   */
  async longestOwnScript(
    url: string,
    viewport: ViewportKind,
  ): Promise<{ ms: number; what: string } | null> {
    const { targetId } = (await this.send('Target.createTarget', { url: 'about:blank' })) as {
      targetId: string;
    };
    const { sessionId } = (await this.send('Target.attachToTarget', {
      targetId,
      flatten: true,
    })) as { sessionId: string };
    const send = (method: string, params: object = {}) => this.send(method, params, sessionId);
    try {
      await send('Page.enable');
      await send('Page.addScriptToEvaluateOnNewDocument', { source: RECORD });
      await send('Emulation.setDeviceMetricsOverride', SCREENS[viewport]);
      await send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
      await send('Network.enable');
      await send('Network.emulateNetworkConditions', {
        offline: false,
        latency: THROTTLING.latencyMs,
        downloadThroughput: THROTTLING.downloadBytesPerSecond,
        uploadThroughput: THROTTLING.uploadBytesPerSecond,
      });
      await send('Page.navigate', { url });
      const evaluate = async (expression: string) =>
        (
          (await send('Runtime.evaluate', { expression, returnByValue: true })) as {
            result: { value?: unknown };
          }
        ).result.value;
      const deadline = Date.now() + LIVE_TIMEOUT_MS;
      while (
        (await evaluate(`document.documentElement?.hasAttribute('data-hydrated') === true`)) !==
        true
      ) {
        if (Date.now() > deadline) throw new Error(`${url} did not go live`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, AFTER_LIVE_MS));
      return (await evaluate('window.__ownScript')) as { ms: number; what: string } | null;
    } finally {
      await this.send('Target.closeTarget', { targetId });
    }
  }
}
