/**
 * A filled liquidation's statement (a job per liquidation): the PDF kept in storage with the loan's
 * documents, and the e-mail to the borrower, both saying exactly what was sold, at what price, the
 * fee, what was applied, the LTV before and after, and why. Once: a liquidation whose statement PDF
 * is recorded is left alone. The borrower downloads the PDF again from the loan page
 * (readLiquidationStatement).
 */
import { riskThresholds } from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import { liquidations } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { renderDisclosurePdf } from '../disclosures/render-disclosure-pdf.js';
import { queueEmail } from '../email/queue-email.js';
import { initialLtvOf, tierOf } from '../servicing/loan-ltv.js';
import { borrowerEmailOf, brandOfLoan, loadLoan } from '../servicing/servicing-record.js';
import {
  liquidationStatementLines,
  liquidationStatementMessage,
  type TLiquidationStatementFacts,
} from './liquidation-messages.js';
import { coinText8, fillFiguresOf, findLiquidation } from './liquidation-view.js';

export interface TLiquidationStatementDeps {
  db: TDb;
  cipher: TFieldCipher;
  store: TEncryptedStore;
  sandbox: boolean;
  clock: () => Date;
}

/** Kept in the `liquidation-statements` area under the liquidation's uuid. */
export const liquidationStatementStorageKey = (liquidationUuid: string) =>
  `liquidation-statements/${liquidationUuid}`;

export async function deliverLiquidationStatement(
  deps: TLiquidationStatementDeps,
  input: { liquidationUuid: string; balanceAfterCents: number; coinQuantityRemaining: string },
): Promise<void> {
  const found = await findLiquidation(deps.db, input.liquidationUuid);
  if (found === undefined) return;
  const { liquidation, price } = found;
  if (liquidation.status !== 'FILLED' || liquidation.statementPdfKey !== null) return;
  const context = await loadLoan(deps.db, liquidation.loanUuid);
  const brand = brandOfLoan(context, deps.sandbox);
  const tier = tierOf(context);
  const { priceCents: fillPriceCents, ...sold } = fillFiguresOf(liquidation);
  const facts: TLiquidationStatementFacts = {
    loanUuid: liquidation.loanUuid,
    collateralType: price.collateralType,
    reason: liquidation.reason,
    liquidationLtvPct: riskThresholds(tier, { stabilization: context.loan.stabilization })
      .liquidationLtvPct,
    targetLtvPct: tier.maxInitialLtvPct,
    initialLtvPct: initialLtvOf(context).toFixed(2),
    ltvAtDecisionPct: Number(liquidation.ltvAtDecisionPct).toFixed(2),
    decisionPriceCents: price.priceCents,
    decisionObservedAt: price.observedAt.toISOString(),
    ...sold,
    fillPriceCents,
    balanceAfterCents: input.balanceAfterCents,
    coinQuantityRemaining: coinText8(input.coinQuantityRemaining),
    ltvAfterPct:
      liquidation.ltvAfterPct === null ? null : Number(liquidation.ltvAfterPct).toFixed(2),
  };
  const executedDay = facts.executedAt.slice(0, 10);
  const key = liquidationStatementStorageKey(liquidation.uuid);
  const pdf = await renderDisclosurePdf(
    {
      name: `Liquidation statement ${executedDay}`,
      description: `What was sold of the collateral of loan ${liquidation.loanUuid}, and why`,
      fileName: `liquidation-${executedDay}.pdf`,
      paragraphs: [
        `${brand.companyName} · Loan ${liquidation.loanUuid}`,
        ...liquidationStatementLines(facts),
      ],
    },
    { author: brand.companyName, createdAt: deps.clock() },
  );
  await deps.store.put(key, pdf);
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(liquidations)
      .set({ statementPdfKey: key, updatedAt: deps.clock() })
      .where(and(eq(liquidations.uuid, liquidation.uuid), isNull(liquidations.statementPdfKey)))
      .returning({ uuid: liquidations.uuid });
    if (claimed === undefined) return;
    await queueEmail(
      tx,
      deps,
      'liquidation-statement',
      liquidationStatementMessage({ to: borrowerEmailOf(deps.cipher, context), brand, facts }),
    );
  });
}

/**
 * A liquidation statement's PDF, for the loan's borrower only: 404 for another borrower's loan, a
 * liquidation of another loan, one not filled, or one whose statement is not rendered yet.
 */
export async function readLiquidationStatement(
  deps: { db: TDb; store: TEncryptedStore },
  input: { identityUuid: string; loanUuid: string; liquidationUuid: string },
): Promise<{ bytes: Buffer; fileName: string }> {
  await loadLoan(deps.db, input.loanUuid, { identityUuid: input.identityUuid });
  const [liquidation] = await deps.db
    .select({
      pdfKey: liquidations.statementPdfKey,
      status: liquidations.status,
      executedAt: liquidations.executedAt,
    })
    .from(liquidations)
    .where(
      and(eq(liquidations.uuid, input.liquidationUuid), eq(liquidations.loanUuid, input.loanUuid)),
    );
  const notFound = new HttpError(
    404,
    'LIQUIDATION_STATEMENT_NOT_FOUND',
    'Liquidation statement not found',
  );
  if (liquidation?.status !== 'FILLED' || liquidation.pdfKey === null) throw notFound;
  const bytes = await deps.store.get(liquidation.pdfKey);
  if (bytes === null) throw notFound;
  const executedDay = (liquidation.executedAt ?? new Date(0)).toISOString().slice(0, 10);
  return { bytes, fileName: `liquidation-${executedDay}.pdf` };
}
