import type { FastifyPluginAsync } from 'fastify';
import { getSandboxMailbox } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { listMailbox } from '../../services/email/list-mailbox.js';

/** Registered only when SANDBOX is on. */
export const sandboxMailboxRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, getSandboxMailbox, ({ query }) => listMailbox(db, query.to));
};
