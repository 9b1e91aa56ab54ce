/**
 * The day's salt: made once, the same on every running instance, and nowhere in the store
 * in a form that the store (or anyone reading its files) could open.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { ENGINES, type OpenedStore } from '../../tests/server/store-engines.ts';
import { DailySalt, InstanceKeys, sealSalt } from './daily-salt.ts';

const DAY = '2025-03-10';
const NOW = Date.UTC(2025, 2, 10, 12);
/** The salt logs only what goes wrong, and here nothing should. */
const log = {
  warn: (...args: unknown[]) => {
    throw new Error(`unexpected warning: ${JSON.stringify(args)}`);
  },
} as unknown as FastifyBaseLogger;

let opened: OpenedStore | undefined;
afterEach(async () => {
  await opened?.cleanup();
  opened = undefined;
});

test('a share opens with its instance’s private key alone, for its day alone', () => {
  const alice = new InstanceKeys();
  const bob = new InstanceKeys();
  const salt = Buffer.from('a salt of exactly thirty-two byte');
  const share = sealSalt(salt, DAY, alice.identity);
  expect(share.sealed).not.toContain(salt.toString('base64url'));
  expect(alice.open(share.sealed, DAY)).toEqual(salt);
  expect(() => bob.open(share.sealed, DAY)).toThrow();
  expect(() => alice.open(share.sealed, '2025-03-11')).toThrow();
  // The same salt sealed twice reads differently: a fresh key each time.
  expect(sealSalt(salt, DAY, alice.identity).sealed).not.toBe(share.sealed);
});

test.each(ENGINES)(
  'on $name, three instances end up with one salt, which no row of the store holds',
  async (engine) => {
    opened = await engine.open();
    const stores = [opened.store, await opened.another(), await opened.another()];
    const salts = stores.map((store) => new DailySalt({ store: store.visits, log }));
    // They start together: one makes the salt, the others get theirs at its next beat.
    await Promise.all(salts.map((salt) => salt.beat(DAY, NOW)));
    for (const salt of salts) await salt.beat(DAY, NOW + 1000);
    for (const salt of salts) await salt.beat(DAY, NOW + 2000);
    const held = salts.map((salt) => salt.of(DAY)?.toString('hex'));
    expect(held[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(held).size).toBe(1);
    expect(salts[0]?.of('2025-03-11')).toBeUndefined();

    const rows = [];
    for await (const row of visitRows(opened)) rows.push(row);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(rows);
    const salt = Buffer.from(held[0] ?? '', 'hex');
    for (const encoding of ['hex', 'base64', 'base64url'] as const) {
      expect(text).not.toContain(salt.toString(encoding));
    }

    // The next day, a new salt.
    for (const each of salts) await each.beat('2025-03-11', NOW + 86_400_000);
    expect(salts[0]?.of(DAY)).toBeUndefined();
    expect(salts[0]?.of('2025-03-11')?.toString('hex')).not.toBe(held[0]);
  },
);

/** Every row of the salt's tables, as the store holds them. */
async function* visitRows(store: OpenedStore) {
  const reader = store.store as unknown as {
    db?: { prepare: (sql: string) => { all: () => unknown[] } };
    pool?: { query: (sql: string) => Promise<{ rows: unknown[] }> };
  };
  for (const table of ['visit_instances', 'visit_salt_shares']) {
    const sql = `SELECT * FROM ${table}`;
    if (reader.db) yield* reader.db.prepare(sql).all();
    else if (reader.pool) yield* (await reader.pool.query(sql)).rows;
  }
}
