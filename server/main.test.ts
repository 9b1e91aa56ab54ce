import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFixtureSite } from '../tests/server/fixture-site.ts';
import { eventually, tempDir, validPayload } from '../tests/server/helpers.ts';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function waitForHealth(url: string): Promise<void> {
  await eventually(
    async () => {
      try {
        return (await fetch(`${url}/healthz`)).ok || undefined;
      } catch {
        return undefined; // not listening yet
      }
    },
    { timeoutMs: 15_000, intervalMs: 100, what: 'the server to start' },
  );
}

describe('the server process', () => {
  it('names every wrong setting at start and exits', async () => {
    const { child, output } = startServer({ PORT: 'abc', PUBLIC_URL: 'nowhere', HOST: '' });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(output()).toContain('PORT: must be a whole number from 1 to 65535 (got "abc")');
    expect(output()).toContain('PUBLIC_URL: must be an address like https://example.com');
  });

  it('names a trusted proxy that is not an address, without a stack trace', async () => {
    const { child, output } = startServer({ TRUST_PROXY: 'ff,10.0.0.0/99' });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(output()).toContain('TRUST_PROXY: "ff" is not an IP address or CIDR range');
    expect(output()).toContain('TRUST_PROXY: "10.0.0.0/99" has a prefix length outside 0–32');
    expect(output()).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('says what to run when there is no build', async () => {
    const { child, output } = startServer({
      SITE_DIR: '/nonexistent-build',
      PORT: String(await freePort()),
    });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(output()).toContain('run `npm run build` first');
  });

  it('serves the site and shuts down gracefully on SIGTERM', async () => {
    const { config } = createFixtureSite();
    const port = await freePort();
    const { child, output } = startServer({ SITE_DIR: config.SITE_DIR, PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url);
    expect((await fetch(`${url}/echoexpense`)).status).toBe(200);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(0);
    expect(output()).toContain('shutting down');
  });

  it('stops without PUBLIC_URL when it listens beyond this machine, naming what to set', async () => {
    const { child, output } = startServer({ HOST: '0.0.0.0', PUBLIC_URL: '', PORT: '3999' });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(output()).toContain('PUBLIC_URL: must be set when HOST is "0.0.0.0"');
    expect(output()).toContain('PUBLIC_URL=https://example.com');
  });

  it('on loopback without PUBLIC_URL prints an address that works, and takes feedback from it', async () => {
    const { config } = createFixtureSite();
    const data = tempDir();
    const port = await freePort();
    const { child, output } = startServer({
      SITE_DIR: config.SITE_DIR,
      PORT: String(port),
      PUBLIC_URL: '',
      NODE_ENV: '',
      DATA_DIR: data.dir,
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url);
      expect(output()).toContain(`Serving the site on ${url}`);
      // The fixture was built for port 3000: the server says so.
      expect(output()).toContain('PUBLIC_URL differs from the one the site was built with');
      const response = await fetch(`${url}/api/sendMail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify(validPayload()),
      });
      expect(response.status).toBe(202);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      data.remove();
    }
  });

  it('reads settings.env in DATA_DIR under the environment, and names a wrong setting with its file', async () => {
    const { config } = createFixtureSite();
    const data = tempDir();
    const port = await freePort();
    const file = path.join(data.dir, 'settings.env');
    writeFileSync(file, `PORT=${port}\nLOG_LEVEL=warn\n`);
    const { child, output } = startServer({
      SITE_DIR: config.SITE_DIR,
      PUBLIC_URL: '',
      NODE_ENV: '',
      PORT: '',
      DATA_DIR: data.dir,
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url);
      expect(output()).toContain(`Serving the site on ${url}`);
      expect(output()).toContain(file);
      // The environment's LOG_LEVEL (info) wins, and the server says so.
      expect(output()).toMatch(/"overridden":\["LOG_LEVEL"\].*and wins/);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    writeFileSync(file, 'PORT=eighty\nPUBLIK_URL=https://example.com\n');
    try {
      const wrong = startServer({ SITE_DIR: config.SITE_DIR, PORT: '', DATA_DIR: data.dir });
      const [code] = (await once(wrong.child, 'exit')) as [number];
      expect(code).toBe(1);
      expect(wrong.output()).toContain(
        `PORT: must be a whole number from 1 to 65535 (got "eighty" in ${file})`,
      );
      expect(wrong.output()).toContain(`PUBLIK_URL: is no setting of the site, so ${file}`);
    } finally {
      data.remove();
    }
  });
});
