/** The owner's repositories over the store's connection: the inbox, and the owner's access. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ownerAccess, ownerQueries } from './store.ts';
import type { OwnerAccess, OwnerQueries } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner's reading and handling of messages and their delivery. */
    inbox: OwnerQueries;
    /** The owner's passkeys, sessions, tickets and activity log. */
    ownerAccess: OwnerAccess;
  }
}

export const ownerRepository = fp(
  async function ownerRepository(app: FastifyInstance) {
    const { db } = app;
    app.decorate(
      'inbox',
      ownerQueries(db, {
        reclaimSpace: () => db.reclaimSpace(),
        location: () => db.location(),
        backup: (file) => db.backup(file),
      }),
    );
    app.decorate('ownerAccess', ownerAccess(db));
  },
  { name: 'owner-repository', dependencies: ['store'] },
);
