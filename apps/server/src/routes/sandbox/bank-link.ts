import type { FastifyPluginAsync } from 'fastify';
import { getSandboxBankLinkInstitutions, postSandboxBankLinkPublicToken } from '@pledge/contract';
import type { TSandboxBankPicker } from '../../adapters/bank-link/port.js';
import { route } from '../../http/route.js';
import { createSandboxPublicToken } from '../../services/bank-link/create-sandbox-public-token.js';
import { listSandboxInstitutions } from '../../services/bank-link/list-sandbox-institutions.js';

/** Registered only when SANDBOX is on and the bank-link adapter is the sandbox's. */
export const sandboxBankLinkRoutes: FastifyPluginAsync<{ picker: TSandboxBankPicker }> = async (
  app,
  { picker },
) => {
  route(app, getSandboxBankLinkInstitutions, async () => listSandboxInstitutions());
  route(app, postSandboxBankLinkPublicToken, ({ body }) => createSandboxPublicToken(picker, body));
};
