import type { FastifyPluginAsync } from 'fastify';
import {
  getBankLinkAuth,
  postBankLinkExchange,
  postBankLinkToken,
  postStoreLinkError,
} from '@pledge/contract';
import { route } from '../../http/route.js';
import type { TBankLinkDeps } from '../../services/bank-link/bank-link-record.js';
import { createLinkToken } from '../../services/bank-link/create-link-token.js';
import { exchangePublicToken } from '../../services/bank-link/exchange-public-token.js';
import { listBankLinkItems } from '../../services/bank-link/list-bank-link-items.js';
import { storeLinkError } from '../../services/bank-link/store-link-error.js';
import { callerUuidOf } from '../../http/auth.js';

export const bankLinkRoutes: FastifyPluginAsync<TBankLinkDeps> = async (app, deps) => {
  route(app, postBankLinkToken, ({ body, request }) =>
    createLinkToken(deps, { identityUuid: callerUuidOf(request), body }),
  );
  route(app, getBankLinkAuth, ({ query, request }) =>
    listBankLinkItems(deps, { identityUuid: callerUuidOf(request), appUuid: query.appUuid }),
  );
  route(app, postBankLinkExchange, ({ body, request }) =>
    exchangePublicToken(deps, { identityUuid: callerUuidOf(request), body }),
  );
  route(app, postStoreLinkError, ({ body, request }) =>
    storeLinkError(deps, { identityUuid: callerUuidOf(request), body }),
  );
};
