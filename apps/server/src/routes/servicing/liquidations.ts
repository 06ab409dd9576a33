/** The borrower's liquidation statements on one loan (…/servicing/v2/loans/{loanUuid}/liquidations). */
import type { FastifyPluginAsync } from 'fastify';
import { getServicingLiquidationStatement } from '@pledge/contract';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import { callerUuidOf } from '../../http/auth.js';
import { pdfDownload } from '../../http/pdf-download.js';
import { route } from '../../http/route.js';
import { readLiquidationStatement } from '../../services/risk/liquidation-statement.js';

export interface TServicingLiquidationRouteDeps {
  db: TDb;
  store: TEncryptedStore;
}

export const servicingLiquidationRoutes: FastifyPluginAsync<
  TServicingLiquidationRouteDeps
> = async (app, deps) => {
  route(app, getServicingLiquidationStatement, async ({ params, request, reply }) => {
    const statement = await readLiquidationStatement(deps, {
      identityUuid: callerUuidOf(request),
      loanUuid: params.loanUuid,
      liquidationUuid: params.liquidationUuid,
    });
    return pdfDownload(reply, statement);
  });
};
