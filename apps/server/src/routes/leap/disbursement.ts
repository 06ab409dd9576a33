import type { FastifyPluginAsync } from 'fastify';
import {
  getDisbursement,
  postDisbursementAccount,
  postManualBank,
  postMicroTransferConfirmation,
  postWalletAddress,
} from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { chooseLinkedAccount } from '../../services/disbursement/choose-linked-account.js';
import { confirmMicroTransfer } from '../../services/disbursement/confirm-micro-transfer.js';
import { getSavedDisbursement } from '../../services/disbursement/get-disbursement.js';
import { saveManualBank } from '../../services/disbursement/save-manual-bank.js';
import { saveWalletAddress } from '../../services/disbursement/save-wallet-address.js';
import { callerApplicationOf } from '../../http/auth.js';

export const disbursementRoutes: FastifyPluginAsync<{
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
}> = async (app, deps) => {
  route(app, getDisbursement, ({ params, request }) =>
    getSavedDisbursement(deps, callerApplicationOf(request, params)),
  );
  route(app, postManualBank, ({ params, body, request }) =>
    saveManualBank(deps, { ...callerApplicationOf(request, params), body }),
  );
  route(app, postDisbursementAccount, ({ params, body, request }) =>
    chooseLinkedAccount(deps, { ...callerApplicationOf(request, params), body }),
  );
  route(app, postWalletAddress, ({ params, body, request }) =>
    saveWalletAddress(deps, { ...callerApplicationOf(request, params), body }),
  );
  route(app, postMicroTransferConfirmation, ({ params, body, request }) =>
    confirmMicroTransfer(deps, { ...callerApplicationOf(request, params), body }),
  );
};
