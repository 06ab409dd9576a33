import type { FastifyPluginAsync } from 'fastify';
import { getSandboxMailbox } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { listMailbox } from '../../services/email/list-mailbox.js';

/** Registered only when SANDBOX is on. */
export const sandboxMailboxRoutes: FastifyPluginAsync<{ db: TDb; cipher: TFieldCipher }> = async (
  app,
  deps,
) => {
  route(app, getSandboxMailbox, ({ query }) => listMailbox(deps, query.to));
};
