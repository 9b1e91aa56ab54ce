/**
 * Starts the built site on the real server on a free loopback port, for benchmarks.
 * The caller stops it with `close()`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServedBuild {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves with the address the site was built with, as a deploy would (the server warns when
 * they differ), and logs only errors; `env` overrides either.
 */
export async function serveBuild(env: Record<string, string> = {}): Promise<ServedBuild> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let publicUrl = url;
  try {
    publicUrl = (JSON.parse(readFileSync('build/site.json', 'utf8')) as { publicUrl: string })
      .publicUrl;
  } catch {
    // no build: the server says so below
  }
  const child = spawn(process.execPath, ['build/server/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'error',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-data-')),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('the server did not start; run `npm run build` first');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
