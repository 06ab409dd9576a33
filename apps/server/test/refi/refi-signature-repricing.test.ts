/**
 * Issue 34: a refinancing is priced again at its last signature. When the submitted offer's terms
 * no longer hold at the current price, the signature is refused (409 REFI_REPRICED, saying why),
 * the refinancing goes back to its offers priced anew, the documents of the stale offer are voided
 * (kept with their signatures, never signed again), and the borrower accepts the new offer, whose
 * own documents are then signed. A top-up that arrived stays pledged and counts toward the new one.
 */
import { describe, expect, it } from 'vitest';
import type { TDocument, TRefinancingApplication, TSignDocumentResult } from '@pledge/contract';
import { REFI_REPRICED_MESSAGES } from '@pledge/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  disclosureDocuments,
  documentSignatures,
  refiEstatePayoffs,
} from '../../src/db/schema/index.js';
import { REFI_DOCUMENT_VOIDED_MESSAGE } from '../../src/services/refi/refi-documents.js';
import { appPath, newBorrower } from '../applications/helpers.js';
import { expectJson, signInAgent, opsApplicationOf } from '../ops/helpers.js';
import { setPrices } from '../servicing/helpers.js';
import {
  call,
  confirmRefiOffer,
  CUSTODY_ONLY,
  listedRefi,
  lookUpOne,
  offerOf,
  OWNERSHIP_TRANSFER,
  REFI,
  refiAppUrl as appUrl,
  type TBorrower,
  useRepricingContext,
  topUpEstimateOf,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';
import { applicationStateOf } from '../helpers/application-state.js';
import { sendCoins } from '../helpers/sandbox-chain.js';

const ctx = useRepricingContext();

async function confirm(me: TBorrower, appUuid: string, offerUuid: string, hasSent = false) {
  const response = await confirmRefiOffer(ctx.app, me, appUuid, offerUuid, {
    hasSentCollateral: hasSent,
  });
  return expectJson(response, 200) as TRefinancingApplication;
}

async function unsigned(me: TBorrower, appUuid: string): Promise<TDocument[]> {
  const response = await call(
    ctx.app,
    'GET',
    appUrl(appUuid, `/borrowers/${me.identityUuid}/documents/unsigned`),
    me.token,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as TDocument[];
}

function sign(me: TBorrower, document: TDocument | undefined) {
  return call(ctx.app, 'POST', `${REFI}/sign-document/${document?.uuid ?? ''}`, me.token);
}

/** Signs every document but the last; answers the last one. */
async function signAllButLast(me: TBorrower, appUuid: string): Promise<TDocument> {
  const documents = await unsigned(me, appUuid);
  for (const document of documents.slice(0, -1)) {
    expect((await sign(me, document)).statusCode).toBe(200);
  }
  const last = documents.at(-1);
  if (last === undefined) throw new Error('no document to sign');
  return last;
}

async function topUpAddress(me: TBorrower, appUuid: string, offerUuid: string): Promise<string> {
  const address = (await topUpEstimateOf(ctx.app, me, appUuid, offerUuid)).wallet?.depositAddress;
  if (address === undefined) throw new Error('no deposit address');
  return address;
}

const deposit = (address: string, amount: string) => sendCoins(ctx.app, address, amount);

async function documentRows(appUuid: string) {
  return ctx.database.db
    .select({
      uuid: disclosureDocuments.uuid,
      kind: disclosureDocuments.kind,
      voidedAt: disclosureDocuments.voidedAt,
      signature: documentSignatures.uuid,
    })
    .from(disclosureDocuments)
    .leftJoin(documentSignatures, eq(documentSignatures.documentUuid, disclosureDocuments.uuid))
    .where(eq(disclosureDocuments.applicationUuid, appUuid));
}

const stateOf = (appUuid: string) => applicationStateOf(ctx.database.db, appUuid);

describe('a refinancing is priced again at its last signature', () => {
  it('refuses the last signature of ownership transfer at 80 %, voids its documents, and the new offer is signed', async () => {
    const me = await newBorrower(ctx.app);
    // 100003: $20,400 on 0.5 BTC, 68 % at $60,000.
    const application = await lookUpOne(ctx.app, me.token, '100003');
    const transfer = offerOf(application, OWNERSHIP_TRANSFER);
    expect((await confirm(me, application.appUuid, transfer.uuid)).state).toBe('SIGN_DOCS');
    const last = await signAllButLast(me, application.appUuid);

    // At $51,000 the loan is at 80 %: above the 70 % of ownership transfer.
    await setPrices(ctx, { BTC: 51_000, ETH: 3_000 });
    const refused = await sign(me, last);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'REFI_REPRICED',
      message: REFI_REPRICED_MESSAGES.aboveOwnershipTransferLimit('BTC', '80.00'),
    });

    // Back to the offers, priced anew: custody only with a top-up; nothing was signed last.
    const repriced = await listedRefi(ctx.app, me, application.appUuid);
    expect(repriced.state).toBe('CREATED');
    expect(repriced.selectedOffer).toBeNull();
    const custody = offerOf(repriced, CUSTODY_ONLY);
    expect(custody).toMatchObject({ ltv: 80, celsiusTopUpRequired: true });
    const stale = await documentRows(application.appUuid);
    expect(stale).toHaveLength(3);
    expect(stale.every((row) => row.voidedAt !== null)).toBe(true);
    expect(stale.filter((row) => row.signature !== null)).toHaveLength(2);
    expect(await unsigned(me, application.appUuid)).toEqual([]);
    const again = await sign(me, last);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DOCUMENT_VOIDED',
      message: REFI_DOCUMENT_VOIDED_MESSAGE,
    });
    // A voided document signed before is not answered as signed again by the application's
    // signing route either (its retry of a signature made already): it is no longer the
    // borrower's to sign.
    const signedBefore = stale.find((row) => row.signature !== null);
    const retried = await call(
      ctx.app,
      'POST',
      appPath(
        application.appUuid,
        `/borrowers/${me.identityUuid}/documents/${signedBefore?.uuid ?? ''}/sign`,
      ),
      me.token,
    );
    expect(retried.statusCode, retried.body).toBe(404);
    const [event] = await auditEventsOf(ctx.database.db, application.appUuid, {
      fromState: 'SIGN_DOCS',
      toState: 'CREATED',
    });
    expect(event?.reason).toContain('3 document(s) of the offer voided');
    // The console's application detail lists them apart, marked voided, with when and why.
    const agent = await signInAgent(ctx);
    const shown = await opsApplicationOf(ctx.app, agent, application.appUuid);
    expect(shown.documents).toEqual([]);
    expect(shown.voidedDocuments).toHaveLength(3);
    for (const document of shown.voidedDocuments ?? []) {
      const row = stale.find((candidate) => candidate.uuid === document.uuid);
      expect(document.voidedAt).toBe(row?.voidedAt?.toISOString());
      expect(document.voidedReason).toBe(event?.reason);
    }
    expect(shown.voidedDocuments?.filter((document) => document.signature !== null)).toHaveLength(
      2,
    );

    // The new offer: its top-up, then its own two documents (no collateral-reuse consent).
    const submitted = await confirm(me, application.appUuid, custody.uuid);
    expect(submitted.state).toBe('CELSIUS_TOP_UP_REQUESTED');
    const topUp = submitted.rollForwardLoanDetails?.topUpAmount.coinQuantity ?? '0';
    await deposit(await topUpAddress(me, application.appUuid, custody.uuid), String(topUp));
    expect(await stateOf(application.appUuid)).toBe('CELSIUS_FULL_COLLATERAL_RECEIVED');
    const fresh = await unsigned(me, application.appUuid);
    expect(fresh.map((document) => document.name)).toEqual([
      'Consent to Electronic Records',
      'Refinancing Loan Agreement',
    ]);
    let result: TSignDocumentResult | undefined;
    for (const document of fresh) {
      const signed = await sign(me, document);
      expect(signed.statusCode, signed.body).toBe(200);
      result = signed.json() as TSignDocumentResult;
    }
    expect(result?.state).toBe('WAITING_FOR_COLLATERAL');
    await ctx.runJobs();
    expect(await stateOf(application.appUuid)).toBe('COMPLETE');
    const payoffs = await ctx.database.db
      .select()
      .from(refiEstatePayoffs)
      .where(eq(refiEstatePayoffs.applicationUuid, application.appUuid));
    expect(payoffs).toHaveLength(1);
  });

  it('asks a larger top-up when the price fell after the coins arrived, counting the coins sent', async () => {
    const me = await newBorrower(ctx.app);
    // 100002: $18,600 on 10 ETH, 62 % at $3,000: custody only with a top-up to 55 %.
    const application = await lookUpOne(ctx.app, me.token, '100002');
    const custody = offerOf(application, CUSTODY_ONLY);
    const submitted = await confirm(me, application.appUuid, custody.uuid);
    const topUp = String(submitted.rollForwardLoanDetails?.topUpAmount.coinQuantity);
    const address = await topUpAddress(me, application.appUuid, custody.uuid);
    await deposit(address, topUp);
    expect(await stateOf(application.appUuid)).toBe('CELSIUS_FULL_COLLATERAL_RECEIVED');
    const last = await signAllButLast(me, application.appUuid);

    // At $2,700 the 10 ETH and the top-up are at ~61 %: above 55 %.
    await setPrices(ctx, { BTC: 60_000, ETH: 2_700 });
    const refused = await sign(me, last);
    expect(refused.statusCode).toBe(409);
    const pledged = 10 + Number(topUp);
    const ltv = ((18_600 / (pledged * 2_700)) * 100).toFixed(2);
    expect(refused.json()).toMatchObject({
      code: 'REFI_REPRICED',
      message: REFI_REPRICED_MESSAGES.moreTopUpNeeded('ETH', ltv),
    });
    // Custody only stays chosen, with the larger top-up it now takes.
    const repriced = await listedRefi(ctx.app, me, application.appUuid);
    expect(repriced.state).toBe('OFFER_ACCEPTED');
    expect(repriced.selectedOffer).toMatchObject({ collateralReuseConsent: CUSTODY_ONLY });
    const newOffer = repriced.selectedOffer?.uuid ?? '';
    const resubmitted = await confirm(me, application.appUuid, newOffer);
    expect(resubmitted.state).toBe('CELSIUS_TOP_UP_REQUESTED');
    const larger = Number(resubmitted.rollForwardLoanDetails?.topUpAmount.coinQuantity);
    expect(larger).toBeGreaterThan(Number(topUp));
    // Only what the coins sent leave to add; the same address.
    expect(await topUpAddress(me, application.appUuid, newOffer)).toBe(address);
    await deposit(address, (larger - Number(topUp)).toFixed(6));
    expect(await stateOf(application.appUuid)).toBe('CELSIUS_FULL_COLLATERAL_RECEIVED');
    for (const document of await unsigned(me, application.appUuid)) {
      expect((await sign(me, document)).statusCode).toBe(200);
    }
    expect(await stateOf(application.appUuid)).toBe('WAITING_FOR_COLLATERAL');
  });

  it('records the last signature while the terms still hold at the moved price', async () => {
    const me = await newBorrower(ctx.app);
    // 100002 with its top-up in: at $3,100 the legacy coins alone would be at 60 %, the pledge at
    // ~53 %, the same tier.
    const application = await lookUpOne(ctx.app, me.token, '100002');
    const custody = offerOf(application, CUSTODY_ONLY);
    const submitted = await confirm(me, application.appUuid, custody.uuid);
    const topUp = String(submitted.rollForwardLoanDetails?.topUpAmount.coinQuantity);
    await deposit(await topUpAddress(me, application.appUuid, custody.uuid), topUp);
    const last = await signAllButLast(me, application.appUuid);
    await setPrices(ctx, { BTC: 60_000, ETH: 3_100 });
    const signed = await sign(me, last);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ state: 'WAITING_FOR_COLLATERAL', unsignedRemaining: 0 });
    const voided = await ctx.database.db
      .select()
      .from(disclosureDocuments)
      .where(
        and(
          eq(disclosureDocuments.applicationUuid, application.appUuid),
          isNotNull(disclosureDocuments.voidedAt),
        ),
      );
    expect(voided).toEqual([]);
  });
});
