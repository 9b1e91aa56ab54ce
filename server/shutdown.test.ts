/**
 * SIGTERM while a visitor's message is still arriving: the real server process finishes
 * reading it, stores it, answers 202, and only then exits.
 */
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SqliteFeedbackStore } from './store/sqlite/engine.ts';
import { writeFakeSite } from '../tests/server/fake-site.ts';
import { eventually, tempDir } from '../tests/server/helpers.ts';
import { startServerProcess } from '../tests/server/server-process.ts';

let folder: ReturnType<typeof tempDir>;

beforeAll(() => {
  folder = tempDir('feedback-shutdown-');
});

afterAll(() => folder.remove());

test('SIGTERM with a request in flight: it is answered 202 and its message stored', async () => {
  const dataDir = path.join(folder.dir, 'data');
  const siteDir = writeFakeSite(path.join(folder.dir, 'site'), {
    publicUrl: 'http://127.0.0.1',
    appNames: ['EchoExpense'],
  });
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    SITE_DIR: siteDir,
    LOG_LEVEL: 'info',
  });
  const body = JSON.stringify({
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'Sent while the server was told to stop',
  });
  const socket = connect(server.port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  const ended = new Promise((resolve) => socket.on('close', resolve));
  await new Promise((resolve) => socket.once('connect', resolve));
  // Headers and half the body, then SIGTERM, then the rest. The server answers
  // `Expect: 100-continue` once it has read the headers: the request is then in flight.
  const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';
  socket.write(
    [
      'POST /api/sendMail HTTP/1.1',
      `Host: 127.0.0.1:${server.port}`,
      'Content-Type: application/json',
      `Origin: ${server.url}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Expect: 100-continue',
      'Connection: close',
      '',
      body.slice(0, 40),
    ].join('\r\n'),
  );
  await eventually(() => (answer.startsWith(CONTINUE) ? true : undefined), {
    what: 'the server to read the headers',
  });
  answer = answer.slice(CONTINUE.length);
  server.child.kill('SIGTERM');
  await eventually(() => (server.output().includes('shutting down') ? true : undefined), {
    what: 'the server to start shutting down',
  });
  expect(server.child.exitCode).toBeNull();
  socket.write(body.slice(40));
  await ended;

  expect(answer, server.output()).toMatch(/^HTTP\/1\.1 202 /);
  const id = (JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { id: string }).id;
  expect(await server.exited).toBe(0);
  const store = await SqliteFeedbackStore.open(dataDir, { create: false });
  try {
    expect(await store.owner.find(id)).toMatchObject({
      message: 'Sent while the server was told to stop',
    });
  } finally {
    await store.close();
  }
});
