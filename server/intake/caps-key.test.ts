/**
 * The rate caps' secret is the server's, never the store's: a backup holds the caps' digests
 * of the clients' addresses, and nothing to turn them back into addresses with.
 */
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import path from 'node:path';
import {
  postFeedback,
  startTestServer,
  tempDir,
  validPayload,
  type TestServer,
} from '../../tests/server/helpers.ts';
import { hashedCapKey } from './policy.ts';

let server: TestServer | undefined;
const folders: { remove: () => void }[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const folder of folders.splice(0)) folder.remove();
});

/** Every digest the cap kinds could make of `subject` with `key`. */
function digestsOf(subject: string, key: string): string[] {
  return ['client', 'client-hour', 'network', 'network-hour'].map((kind) =>
    hashedCapKey(kind, subject, key),
  );
}

test('a backup of the store does not reverse to the clients’ addresses', async () => {
  server = await startTestServer({
    env: { FEEDBACK_RATE_LIMIT_PER_MINUTE: '5', FEEDBACK_RATE_LIMIT_PER_HOUR: '20' },
  });
  const { app } = server;
  // 17 clients in three /24 networks send a message each.
  const clients = Array.from({ length: 17 }, (_, n) => `203.0.${113 + (n % 3)}.${10 + n}`);
  for (const remoteAddress of clients) {
    const answer = await postFeedback(
      app,
      validPayload({ email: `person-${remoteAddress}@example.com` }),
      {
        remoteAddress,
      },
    );
    expect(answer.statusCode).toBe(202);
  }
  const folder = tempDir();
  folders.push(folder);
  const copy = path.join(folder.dir, 'backup.sqlite');
  await app.inbox.backup(copy);

  const backup = new Database(copy, { readonly: true });
  const slots = backup.prepare('SELECT key FROM acceptance_slots').all() as { key: string }[];
  const meta = backup.prepare('SELECT key, value FROM meta').all() as {
    key: string;
    value: string;
  }[];
  backup.close();
  const stored = new Set(slots.map((slot) => slot.key));
  // The caps did count these clients, under digests...
  expect([...stored].filter((key) => key.includes(':')).length).toBeGreaterThanOrEqual(17);
  // ...made with the server's secret, which the backup does not hold: every value it does
  // hold, tried as the secret over the three networks, finds no client.
  expect(meta.map((row) => row.key)).not.toContain('cap_key_salt');
  const candidates = [...meta.map((row) => row.value), ...stored];
  let found = 0;
  for (const key of candidates) {
    for (let third = 113; third <= 115; third++) {
      for (let last = 0; last < 256; last++) {
        if (digestsOf(`203.0.${third}.${last}`, key).some((digest) => stored.has(digest))) found++;
      }
    }
  }
  expect(found).toBe(0);
  // The server's own secret does find them: the test would see a reversal.
  const withServerKey = clients.filter((client) =>
    digestsOf(client, app.capsKey).some((digest) => stored.has(digest)),
  );
  expect(withServerKey).toHaveLength(17);
});
