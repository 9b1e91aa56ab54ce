/**
 * The owner's sign-in: passkeys, sessions, one-time tickets (an enrolment link, a passkey
 * ceremony's challenge), the audit list, and the caps on sign-in attempts. Each change that
 * the owner makes is written with its audit entry, in one transaction.
 */
import { readCaps } from '../store/caps.ts';
import { newSequentialId } from '../store/ids.ts';
import { columnsOf, OWNER_AUDIT, OWNER_PASSKEYS, recordOf, rowOf } from '../store/tables.ts';
import { insertRows } from '../store/operations/insert.ts';
import { all, lock, one, run, type Plan } from '../store/sql/plan.ts';
import type { AcceptanceCap } from '../intake/types.ts';
import type { AuditEntry, NewAuditEntry, OwnerSession, OwnerTicket, Passkey } from './types.ts';

type Row = Record<string, unknown>;

function toSession(row: Row): OwnerSession {
  return {
    id: row.id as string,
    passkeyId: row.passkey_id as string | null,
    createdAt: row.created_at as number,
    seenAt: row.seen_at as number,
    endedAt: row.ended_at as number | null,
    address: row.address as string,
    userAgent: row.user_agent as string,
  };
}

export function* passkeys(): Plan<Passkey[]> {
  const rows = yield* all<Row>('SELECT * FROM owner_passkeys ORDER BY created_at, id');
  return rows.map((row) => recordOf(OWNER_PASSKEYS, row));
}

export function* passkey(id: string): Plan<Passkey | undefined> {
  const row = yield* one<Row>('SELECT * FROM owner_passkeys WHERE id = @id', { id });
  return row && recordOf(OWNER_PASSKEYS, row);
}

/** Writes an audit entry as it is (copying a store). */
function* insertAudit(entry: AuditEntry): Plan<void> {
  yield* insertRows('owner_audit', columnsOf(OWNER_AUDIT), [rowOf(OWNER_AUDIT, entry)]);
}

/** Writes a new audit entry, with an id that sorts by time. */
export function* audit(entry: NewAuditEntry): Plan<void> {
  yield* insertAudit({
    id: newSequentialId(entry.at),
    at: entry.at,
    action: entry.action,
    detail: entry.detail ?? null,
    address: entry.address ?? null,
  });
}

/** The audit list, newest first. */
export function* auditLog(limit: number, before?: string): Plan<AuditEntry[]> {
  const rows = yield* all<Row>(
    `SELECT * FROM owner_audit WHERE (CAST(@before AS TEXT) IS NULL OR id < @before)
     ORDER BY id DESC LIMIT @limit`,
    { before: before ?? null, limit },
  );
  return rows.map((row) => recordOf(OWNER_AUDIT, row));
}

/** Keeps a ticket; a new enrolment link replaces any other, so one link works at a time. */
export function* issueTicket(ticket: OwnerTicket, entry?: NewAuditEntry): Plan<void> {
  if (ticket.kind === 'enrol-link') {
    yield* run(`DELETE FROM owner_tickets WHERE kind IN ('enrol-link', 'enrol')`);
  }
  yield* run(
    `INSERT INTO owner_tickets (id, kind, subject, expires_at)
     VALUES (@id, @kind, @subject, @expiresAt)`,
    ticket,
  );
  if (entry) yield* audit(entry);
}

function toTicket(row: Row): OwnerTicket {
  return {
    id: row.id as string,
    kind: row.kind as OwnerTicket['kind'],
    subject: row.subject as string | null,
    expiresAt: row.expires_at as number,
  };
}

export function* ticket(
  id: string,
  kind: OwnerTicket['kind'],
  now: number,
): Plan<OwnerTicket | undefined> {
  const row = yield* one<Row>(
    'SELECT * FROM owner_tickets WHERE id = @id AND kind = @kind AND expires_at > @now',
    { id, kind, now },
  );
  return row && toTicket(row);
}

/** Takes a ticket once: deleted whatever its time, returned when it had not run out. */
export function* takeTicket(
  id: string,
  kind: OwnerTicket['kind'],
  now: number,
): Plan<OwnerTicket | undefined> {
  const [row] = yield* all<Row>(
    'DELETE FROM owner_tickets WHERE id = @id AND kind = @kind RETURNING *',
    { id, kind },
  );
  return row && (row.expires_at as number) > now ? toTicket(row) : undefined;
}

function* insertPasskey(key: Passkey): Plan<void> {
  yield* insertRows('owner_passkeys', columnsOf(OWNER_PASSKEYS), [rowOf(OWNER_PASSKEYS, key)]);
}

function* insertSession(session: OwnerSession): Plan<void> {
  yield* run(
    `INSERT INTO owner_sessions (id, passkey_id, created_at, seen_at, ended_at, address, user_agent)
     VALUES (@id, @passkeyId, @createdAt, @seenAt, @endedAt, @address, @userAgent)`,
    session,
  );
}

/** The first passkey through a link: the link taken, the passkey kept, the session opened. */
export function* enrol(
  linkId: string,
  key: Passkey,
  session: OwnerSession,
  entry: NewAuditEntry,
): Plan<boolean> {
  const link = yield* takeTicket(linkId, 'enrol-link', entry.at);
  if (!link) return false;
  yield* insertPasskey(key);
  yield* insertSession(session);
  yield* audit(entry);
  return true;
}

export function* signIn(
  passkeyId: string,
  counter: number,
  session: OwnerSession,
  entry: NewAuditEntry,
): Plan<void> {
  yield* run('UPDATE owner_passkeys SET counter = @counter, last_used_at = @at WHERE id = @id', {
    counter,
    at: entry.at,
    id: passkeyId,
  });
  yield* insertSession(session);
  yield* audit(entry);
}

/** Counts a passkey's use outside a sign-in (the owner confirming a change with it). */
export function* usePasskey(passkeyId: string, counter: number, at: number): Plan<void> {
  yield* run('UPDATE owner_passkeys SET counter = @counter, last_used_at = @at WHERE id = @id', {
    counter,
    at,
    id: passkeyId,
  });
}

export function* addPasskey(key: Passkey, entry: NewAuditEntry): Plan<void> {
  yield* insertPasskey(key);
  yield* audit(entry);
}

/**
 * Removes a passkey and ends every session signed in with it; never the last passkey, even
 * when two removals race (they take turns, each counting what the other left).
 */
export function* removePasskey(
  id: string,
  entry: NewAuditEntry,
): Plan<'removed' | 'last' | 'not-found'> {
  yield* lock('passkeys');
  const row = yield* one<{ total: number; found: number }>(
    `SELECT count(*) AS total, count(CASE WHEN id = @id THEN 1 END) AS found FROM owner_passkeys`,
    { id },
  );
  if (!row || row.found === 0) return 'not-found';
  if (row.total === 1) return 'last';
  yield* run('DELETE FROM owner_passkeys WHERE id = @id', { id });
  yield* run(
    `UPDATE owner_sessions SET ended_at = @at, passkey_id = NULL
     WHERE passkey_id = @id AND ended_at IS NULL`,
    { id, at: entry.at },
  );
  yield* run('UPDATE owner_sessions SET passkey_id = NULL WHERE passkey_id = @id', { id });
  yield* audit(entry);
  return 'removed';
}

export function* session(id: string): Plan<OwnerSession | undefined> {
  const row = yield* one<Row>('SELECT * FROM owner_sessions WHERE id = @id', { id });
  return row && toSession(row);
}

export function* openSessions(): Plan<OwnerSession[]> {
  const rows = yield* all<Row>(
    'SELECT * FROM owner_sessions WHERE ended_at IS NULL ORDER BY created_at DESC, id',
  );
  return rows.map(toSession);
}

export function* touchSession(id: string, at: number): Plan<void> {
  yield* run('UPDATE owner_sessions SET seen_at = @at WHERE id = @id AND seen_at < @at', {
    id,
    at,
  });
}

export function* endSession(id: string, at: number, entry: NewAuditEntry): Plan<boolean> {
  const ended = yield* run(
    'UPDATE owner_sessions SET ended_at = @at WHERE id = @id AND ended_at IS NULL',
    { id, at },
  );
  if (ended === 0) return false;
  yield* audit(entry);
  return true;
}

/** Whether one of the caps is full at `now`, and when it frees up; null when none is. */
export function* capsFull(
  caps: readonly AcceptanceCap[],
  now: number,
): Plan<{ retryAt: number } | null> {
  const full = (yield* readCaps(caps, now)).full(caps, now);
  return full ? { retryAt: full.retryAt } : null;
}

/**
 * Counts an attempt against caps kept with the feedback caps' entries (the store's sweep
 * forgets them past their window): refused, and not counted, when one is full.
 */
export function* countAttempt(
  caps: readonly AcceptanceCap[],
  now: number,
): Plan<{ ok: true } | { ok: false; retryAt: number }> {
  if (caps.length === 0) return { ok: true };
  // Counted one after the other with the feedback's acceptances, from any instance.
  yield* lock('accept');
  const tally = yield* readCaps(caps, now);
  const full = tally.full(caps, now);
  if (full) return { ok: false, retryAt: full.retryAt };
  tally.count(caps, now);
  yield* tally.save();
  return { ok: true };
}

/** How long an activity entry is kept: 90 days. */
export const ACTIVITY_KEPT_MS = 90 * 24 * 60 * 60_000;

/**
 * Forgets expired tickets, sessions begun before `sessionsBefore` (past any expiry), and
 * activity entries older than ACTIVITY_KEPT_MS.
 */
export function* forgetExpired(now: number, sessionsBefore: number): Plan<void> {
  yield* run('DELETE FROM owner_tickets WHERE expires_at <= @now', { now });
  yield* run('DELETE FROM owner_audit WHERE at < @before', { before: now - ACTIVITY_KEPT_MS });
  yield* run('DELETE FROM owner_sessions WHERE created_at < @before', { before: sessionsBefore });
}
