import type { FastifyPluginAsync } from 'fastify';
import { postSandboxChainDeposit, postSandboxChainWithdrawal } from '@pledge/contract';
import { route } from '../../http/route.js';
import { recordSandboxDeposit } from '../../services/collateral/record-sandbox-deposit.js';
import { recordSandboxWithdrawal } from '../../services/collateral/record-sandbox-withdrawal.js';
import type { TWatchDepositsDeps } from '../../services/collateral/watch-deposits.js';

/** Registered only when SANDBOX is on. */
export const sandboxChainRoutes: FastifyPluginAsync<TWatchDepositsDeps> = async (app, deps) => {
  route(app, postSandboxChainDeposit, ({ body }) => recordSandboxDeposit(deps, body));
  route(app, postSandboxChainWithdrawal, ({ body }) => recordSandboxWithdrawal(deps, body));
};
