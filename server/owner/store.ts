/** The owner's store: the writes of the owner's pages and command, and their interfaces. */
import type { Db, WriteList } from '../store/db.ts';
import * as messages from '../intake/messages-repository.ts';
import { deliveryPause, sentSince } from '../mail/repository.ts';
import * as ownerOps from './repository.ts';
import * as access from './access-repository.ts';
import type { OwnerAccess, OwnerQueries } from './types.ts';

/** Messages listed per query when iterating. */
const LIST_PAGE = 500;

export const ownerWrites = {
  retry: ownerOps.retry,
  retryAllDead: ownerOps.retryAllDead,
  purge: ownerOps.purge,
  forgetSender: ownerOps.forgetSender,
  markSpam: ownerOps.markSpam,
  markRead: ownerOps.markRead,
} satisfies WriteList;

export const accessWrites = {
  issueTicket: access.issueTicket,
  takeTicket: access.takeTicket,
  enrol: access.enrol,
  signIn: access.signIn,
  addPasskey: access.addPasskey,
  usePasskey: access.usePasskey,
  removePasskey: access.removePasskey,
  touchSession: access.touchSession,
  endSession: access.endSession,
  audit: access.audit,
  countAttempt: access.countAttempt,
  forgetExpiredAccess: access.forgetExpired,
} satisfies WriteList;

/** What only the engine does with the store's files. */
export type StoreFiles = Pick<OwnerQueries, 'reclaimSpace' | 'location' | 'backup'>;

export function ownerQueries(db: Db<typeof ownerWrites>, files: StoreFiles): OwnerQueries {
  return {
    find: (idOrPrefix) => db.read(messages.find(idOrPrefix)),
    attemptsOf: (id) => db.read(ownerOps.attemptsOf(id)),
    list: (options = {}) => db.read(ownerOps.listPage(options, options.after, options.limit)),
    // Page by page (keyset), so an export of any size holds one page in memory.
    iterate: async function* (options = {}) {
      let left = options.limit ?? Infinity;
      let last = options.after;
      while (left > 0) {
        const size = Math.min(LIST_PAGE, left);
        const page = await db.read(ownerOps.listPage(options, last, size));
        yield* page;
        last = page.at(-1);
        left -= page.length;
        if (page.length < size) return;
      }
    },
    retry: (idOrPrefix, now) => db.write('retry', idOrPrefix, now),
    releaseSpam: (idOrPrefix, now) => db.write('retry', idOrPrefix, now, 'spam'),
    markSpam: (idOrPrefix) => db.write('markSpam', idOrPrefix),
    markRead: (id, read, now) => db.write('markRead', id, read, now),
    retryAllDead: (now) => db.write('retryAllDead', now),
    counts: () => db.read(ownerOps.counts()),
    sentSince: (since) => db.read(sentSince(since)),
    deliveryPause: () => db.read(deliveryPause()),
    countByApp: () => db.read(ownerOps.countByApp()),
    countPurgeable: (before) => db.read(ownerOps.countPurgeable(before)),
    purge: (before, now) => db.write('purge', before, now),
    countBySender: (email) => db.read(ownerOps.countBySender(email)),
    forgetSender: (email) => db.write('forgetSender', email),
    reclaimSpace: () => files.reclaimSpace(),
    location: () => files.location(),
    backup: (file) => files.backup(file),
  };
}

export function ownerAccess(db: Db<typeof accessWrites>): OwnerAccess {
  return {
    passkeys: () => db.read(access.passkeys()),
    passkey: (id) => db.read(access.passkey(id)),
    issueTicket: (ticket, entry) => db.write('issueTicket', ticket, entry),
    ticket: (id, kind, now) => db.read(access.ticket(id, kind, now)),
    takeTicket: (id, kind, now) => db.write('takeTicket', id, kind, now),
    enrol: (linkId, key, session, entry) => db.write('enrol', linkId, key, session, entry),
    signIn: (id, counter, session, entry) => db.write('signIn', id, counter, session, entry),
    addPasskey: (key, entry) => db.write('addPasskey', key, entry),
    usePasskey: (id, counter, at) => db.write('usePasskey', id, counter, at),
    removePasskey: (id, entry) => db.write('removePasskey', id, entry),
    session: (id) => db.read(access.session(id)),
    openSessions: () => db.read(access.openSessions()),
    touchSession: (id, at) => db.write('touchSession', id, at),
    endSession: (id, at, entry) => db.write('endSession', id, at, entry),
    audit: (entry) => db.write('audit', entry),
    auditLog: (limit, before) => db.read(access.auditLog(limit, before)),
    capsFull: (caps, now) => db.read(access.capsFull(caps, now)),
    countAttempt: (caps, now) => db.write('countAttempt', caps, now),
    forgetExpired: (now, before) => db.write('forgetExpiredAccess', now, before),
  };
}
