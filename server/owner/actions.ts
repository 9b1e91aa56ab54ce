/**
 * The owner's actions on messages that both the command line (`npm run feedback`) and the
 * owner's pages offer, written once: each is one operation of the store (retry,
 * releaseSpam, markSpam…) with the steps around it, and each change is written to the
 * owner's audit list, saying where it came from. The command prints the outcome, the pages
 * answer it as JSON.
 */
import { randomBytes } from 'node:crypto';
import { writeExport, type ExportFormat } from '../cli/export.ts';
import type { StoredMessage } from '../intake/types.ts';
import type {
  AuditAction,
  ChangeResult,
  ListOptions,
  OwnerAccess,
  OwnerQueries,
  RetryResult,
} from './types.ts';
import { digest } from './sessions.ts';

/** The store as the owner's actions use it: the messages, and the audit list. */
export interface OwnerStore {
  owner: OwnerQueries;
  access: OwnerAccess;
}

/** Who acts, and when: the pages (with the address) or the command line. */
export interface Actor {
  at: number;
  /** The address of a request of the pages. */
  address?: string | undefined;
  /** Where else the change came from, e.g. `from the command line`. */
  via?: string | undefined;
}

function audit(store: OwnerStore, actor: Actor, action: AuditAction, detail?: string) {
  return store.access.audit({
    at: actor.at,
    action,
    detail: [detail, actor.via].filter(Boolean).join(', ') || undefined,
    address: actor.address,
  });
}

/** Writes a change of one message to the audit list, once it took place. */
async function audited<T extends RetryResult | ChangeResult>(
  store: OwnerStore,
  actor: Actor,
  action: AuditAction,
  result: T,
): Promise<T> {
  if (result.kind === 'queued' || result.kind === 'changed') {
    await audit(store, actor, action, result.message.id);
  }
  return result;
}

/**
 * Sends a dead message, or one taken for spam, again; a waiting one now, without waiting
 * for its next try.
 */
export async function sendAgain(store: OwnerStore, actor: Actor, id: string) {
  const result = await store.owner.retry(id, actor.at);
  const waiting =
    result.kind === 'queued' && (result.was === 'pending' || result.was === 'sending');
  return audited(store, actor, waiting ? 'sent-now' : 'retried', result);
}

/** Sends every dead message again; how many. */
export async function sendAllDeadAgain(store: OwnerStore, actor: Actor): Promise<number> {
  const count = await store.owner.retryAllDead(actor.at);
  if (count > 0) await audit(store, actor, 'retried', `${count} dead`);
  return count;
}

/** A message taken for spam is a person's after all: it goes to the outbox. */
export async function releaseSpam(store: OwnerStore, actor: Actor, id: string) {
  return audited(store, actor, 'released-spam', await store.owner.releaseSpam(id, actor.at));
}

/** Takes a message for spam. */
export async function markSpam(store: OwnerStore, actor: Actor, id: string) {
  return audited(store, actor, 'marked-spam', await store.owner.markSpam(id));
}

/** Marks a message read, or unread; undefined when there is no such message. */
export async function markRead(
  store: OwnerStore,
  actor: Actor,
  id: string,
  read: boolean,
): Promise<StoredMessage | undefined> {
  const message = await store.owner.markRead(id, read, actor.at);
  if (message) await audit(store, actor, read ? 'marked-read' : 'marked-unread', message.id);
  return message;
}

/** How long an enrolment link works: 15 minutes, once. */
export const ENROLMENT_LINK_MS = 15 * 60_000;

/**
 * A visitor's erasure request: every message from the address (any case) is deleted, then
 * the freed space is overwritten and given back. `reclaimed` is false when something
 * running kept the engine from clearing every copy (try again when idle).
 */
export async function forgetSender(
  store: OwnerStore,
  actor: Actor,
  email: string,
): Promise<{ deleted: number; reclaimed: boolean }> {
  const deleted = await store.owner.forgetSender(email);
  if (deleted === 0) return { deleted, reclaimed: true };
  // The audit list keeps how many, never whose.
  await audit(store, actor, 'sender-forgotten', `${deleted} message${deleted === 1 ? '' : 's'}`);
  return { deleted, reclaimed: await store.owner.reclaimSpace() };
}

/** Deletes delivered messages and spam from before `before`; how many of each. */
export async function purge(store: OwnerStore, actor: Actor, before: number) {
  const deleted = await store.owner.purge(before, actor.at);
  const total = deleted.sent + deleted.spam;
  if (total > 0) await audit(store, actor, 'purged', `${total} message${total === 1 ? '' : 's'}`);
  return deleted;
}

/**
 * What an export took, for the activity list: its format and filters, and whether it was
 * searched, never what for (a search is a visitor's name or address, which the list must
 * not keep past a `forget`): "JSON, EchoExpense, unread, searched".
 */
export function exportSummary(
  format: ExportFormat,
  filters: readonly (string | undefined)[],
  search?: string,
): string {
  const searched = search?.trim() ? 'searched' : undefined;
  return [format.toUpperCase(), ...filters, searched].filter(Boolean).join(', ');
}

/**
 * The messages that match, newest first, in `format`, one line at a time to `write`.
 * `what` says which, for the audit list (`exportSummary`).
 */
export async function exportMessages(
  store: OwnerStore,
  actor: Actor,
  options: ListOptions,
  format: ExportFormat,
  write: (line: string) => void,
  what: string,
): Promise<void> {
  await audit(store, actor, 'exported', what);
  await writeExport(store.owner.iterate(options), format, write);
}

/**
 * A one-time link that adds a passkey to the owner's pages: it works for 15 minutes, once,
 * and replaces any link made before. The store keeps only its digest; the secret is in
 * the address's fragment, which browsers never send to a server nor put in a Referer.
 */
export async function createEnrolmentLink(
  access: OwnerAccess,
  pagesUrl: string,
  now: number,
  from: string,
): Promise<{ url: string; expiresAt: number }> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = now + ENROLMENT_LINK_MS;
  await access.issueTicket(
    { id: digest(secret), kind: 'enrol-link', subject: null, expiresAt },
    { at: now, action: 'link-created', detail: from },
  );
  return { url: `${pagesUrl}/enrol#${secret}`, expiresAt };
}
