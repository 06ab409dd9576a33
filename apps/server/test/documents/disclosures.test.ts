import { describe, expect, it } from 'vitest';
import type { TApplication, TDocument, TSignDocumentResult } from '@pledge/contract';
import { formatPct, formatUsd } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { documentSignatures, offers } from '../../src/db/schema/index.js';
import {
  appPath,
  bearer,
  newBorrower,
  borrowerAfterCreditCheck,
  useApplicationsTestContext,
} from '../applications/helpers.js';
import { pdfText } from './helpers.js';

const context = useApplicationsTestContext();

const borrowerAtSignDocs = () => borrowerAfterCreditCheck(context);

const docsPath = (appUuid: string, identityUuid: string, suffix = '') =>
  appPath(appUuid, `/borrowers/${identityUuid}/documents${suffix}`);

async function get(token: string | null, url: string) {
  return context.app.inject({
    method: 'GET',
    url,
    headers: token === null ? {} : bearer(token),
  });
}

async function sign(token: string, appUuid: string, identityUuid: string, docUuid: string) {
  return context.app.inject({
    method: 'POST',
    url: docsPath(appUuid, identityUuid, `/${docUuid}/sign`),
    headers: { ...bearer(token), 'user-agent': 'DocumentsTest/1.0' },
  });
}

async function applicationState(token: string, appUuid: string): Promise<string> {
  const response = await get(token, appPath(appUuid));
  return (response.json() as TApplication).state;
}

describe('disclosures', () => {
  it('generates the PDFs at GEN_APP_DISCLOSURES and moves the application to SIGN_DOCS', async () => {
    const borrower = await borrowerAtSignDocs();
    expect(await applicationState(borrower.token, borrower.appUuid)).toBe('SIGN_DOCS');
    const list = await get(borrower.token, docsPath(borrower.appUuid, borrower.identityUuid));
    expect(list.statusCode).toBe(200);
    const documents = list.json() as TDocument[];
    expect(documents.map((document) => document.type)).toEqual([
      'E_SIGN_CONSENT',
      'TRUTH_IN_LENDING_DISCLOSURE',
      'LOAN_AGREEMENT',
      'PLEDGE_AND_SECURITY_AGREEMENT',
      'PRIVACY_NOTICE',
    ]);
    expect(documents.every((document) => !document.signed && document.signedAt === null)).toBe(
      true,
    );

    const til = documents.find((document) => document.type === 'TRUTH_IN_LENDING_DISCLOSURE');
    const pdf = await get(
      borrower.token,
      docsPath(borrower.appUuid, borrower.identityUuid, `/${til?.uuid ?? ''}`),
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="truth-in-lending-disclosure.pdf"',
    );
    const text = await pdfText(pdf.rawPayload);
    const [offer] = await context.database.db
      .select()
      .from(offers)
      .where(eq(offers.uuid, borrower.application.selectedOffer?.uuid ?? ''));
    expect(offer).toBeDefined();
    expect(text).toContain(
      `Annual Percentage Rate (the cost of your credit as a yearly rate): ${formatPct(offer?.annualPercentageRatePct ?? '0', 3)}`,
    );
    expect(text).toContain(
      `Finance Charge (the dollar amount the credit will cost you): ${formatUsd(offer?.financeChargeCents ?? 0)}`,
    );
    expect(text).toContain(
      `Amount Financed (the amount of credit provided to you): ${formatUsd(offer?.drawAmountCents ?? 0)}`,
    );
    expect(text).toContain(`${formatUsd(offer?.totalOfPaymentsCents ?? 0)}`);
    expect(text).toContain('Pledge Lending, LLC (NMLS #2291047)');
    expect(text).toContain('Borrower: Ada Lovelace');
    expect(text).toContain('A fee of $100 applies if the loan documents are not signed.');

    const agreement = documents.find((document) => document.type === 'LOAN_AGREEMENT');
    const agreementPdf = await get(
      borrower.token,
      docsPath(borrower.appUuid, borrower.identityUuid, `/${agreement?.uuid ?? ''}`),
    );
    const agreementText = await pdfText(agreementPdf.rawPayload);
    expect(agreementText).toContain('Liquidation processing fee: 2% of the amount liquidated.');
    expect(agreementText).toContain('within 5 calendar days of signing the loan agreement');
    expect(agreementText).toContain('Margin call: when the loan-to-value ratio reaches 80%');
    // After maturity (the spec is silent; our policy): the contract rate runs on, no default rate.
    expect(agreementText).toContain(
      `keeps accruing interest daily at the same fixed rate of ${formatPct(offer?.interestRatePct ?? '0', 3)} a year`,
    );
    expect(agreementText).toContain('No default rate and no late fee are charged.');
  });

  it('signs one at a time, in order, idempotently, and the last signature moves the state', async () => {
    const borrower = await borrowerAtSignDocs();
    /** The borrower's own signature of one of their documents. */
    const signOwn = (docUuid: string) =>
      sign(borrower.token, borrower.appUuid, borrower.identityUuid, docUuid);
    const unsigned = async () =>
      (
        await get(borrower.token, docsPath(borrower.appUuid, borrower.identityUuid, '/unsigned'))
      ).json() as TDocument[];
    const documents = await unsigned();
    expect(documents).toHaveLength(5);
    const [first, second] = documents;

    const outOfOrder = await signOwn(second?.uuid ?? '');
    expect(outOfOrder.statusCode).toBe(409);

    const concurrent = await Promise.all([1, 2, 3].map(() => signOwn(first?.uuid ?? '')));
    expect(concurrent.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const results = concurrent.map((response) => response.json() as TSignDocumentResult);
    expect(new Set(results.map((result) => result.document.signedAt)).size).toBe(1);
    expect(results[0]).toMatchObject({
      unsignedRemaining: 4,
      state: 'SIGN_DOCS',
      document: { signed: true },
    });
    const signatures = await context.database.db
      .select()
      .from(documentSignatures)
      .where(eq(documentSignatures.documentUuid, first?.uuid ?? ''));
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({ userAgent: 'DocumentsTest/1.0', ipAddress: '127.0.0.1' });
    expect(signatures[0]?.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await unsigned()).toHaveLength(4);

    let last: TSignDocumentResult | undefined;
    for (const document of documents.slice(1)) {
      const response = await signOwn(document.uuid);
      expect(response.statusCode).toBe(200);
      last = response.json() as TSignDocumentResult;
    }
    expect(last).toMatchObject({
      unsignedRemaining: 0,
      state: 'WAITING_FOR_COLLATERAL',
      stage: 'PROCESSING',
    });
    expect(await applicationState(borrower.token, borrower.appUuid)).toBe('WAITING_FOR_COLLATERAL');
    expect(await unsigned()).toEqual([]);

    const again = await signOwn(first?.uuid ?? '');
    expect(again.statusCode).toBe(200);
    // Answered from the session check's read: the first signature, and the application as it is.
    expect(again.json()).toEqual({
      document: results[0]?.document,
      unsignedRemaining: 0,
      state: 'WAITING_FOR_COLLATERAL',
      stage: 'PROCESSING',
    });

    const steps = await get(borrower.token, appPath(borrower.appUuid, '/final-steps'));
    expect(steps.json()).toMatchObject({
      items: expect.arrayContaining([{ name: 'Review Agreements', status: 'COMPLETED' }]),
    });
  });

  it('answers 401 without a token and 404 for another borrower, document or path identity', async () => {
    const borrower = await borrowerAtSignDocs();
    const other = await newBorrower(context.app);
    const [document] = (
      await get(borrower.token, docsPath(borrower.appUuid, borrower.identityUuid))
    ).json() as TDocument[];
    const docUuid = document?.uuid ?? '';

    expect((await get(null, docsPath(borrower.appUuid, borrower.identityUuid))).statusCode).toBe(
      401,
    );
    expect(
      (await get(other.token, docsPath(borrower.appUuid, other.identityUuid))).statusCode,
    ).toBe(404);
    expect(
      (await get(other.token, docsPath(borrower.appUuid, borrower.identityUuid, `/${docUuid}`)))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(borrower.token, docsPath(borrower.appUuid, other.identityUuid, '/unsigned')))
        .statusCode,
    ).toBe(404);
    expect(
      (await sign(other.token, borrower.appUuid, other.identityUuid, docUuid)).statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          borrower.token,
          docsPath(
            borrower.appUuid,
            borrower.identityUuid,
            '/0f8e3b9c-8d1e-4a57-9a55-2a9b1f7c3d10',
          ),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await get(borrower.token, docsPath(borrower.appUuid, borrower.identityUuid, '/not-a-uuid')))
        .statusCode,
    ).toBe(400);
  });
});
