import type { FastifyPluginAsync } from 'fastify';
import { postSandboxLoan } from '@pledge/contract';
import { route } from '../../http/route.js';
import {
  createSandboxLoan,
  type TCreateSandboxLoanDeps,
} from '../../services/sandbox/create-sandbox-loan.js';

/** Registered only when SANDBOX is on. */
export const sandboxLoansRoutes: FastifyPluginAsync<TCreateSandboxLoanDeps> = async (app, deps) => {
  route(app, postSandboxLoan, ({ body }) => createSandboxLoan(deps, body));
};
