/**
 * The real server as a child process (`node --import tsx server/main.ts`), on a free port,
 * with a fake built site: for tests and benchmarks that need a process to kill or to load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './smtp-sink.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code or signal. */
  exited: Promise<number | NodeJS.Signals | null>;
}

export interface StartServerOptions {
  port?: number;
  readyTimeoutMs?: number;
  /** A compiled main.js to run instead of the source through tsx. */
  compiledMain?: string;
  /** Discard the server's standard output (its log) instead of collecting it. */
  discardLog?: boolean;
  /** The working folder of the process; default the checkout. */
  cwd?: string;
}

export async function startServerProcess(
  env: Record<string, string>,
  {
    port,
    readyTimeoutMs = 20_000,
    compiledMain,
    discardLog = false,
    cwd = root,
  }: StartServerOptions = {},
): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const args = compiledMain
    ? [compiledMain]
    : ['--import', 'tsx', path.join(root, 'server/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', discardLog ? 'ignore' : 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? code));
  });
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server was not ready in ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, port: listenPort, url, output: () => output, exited };
}
