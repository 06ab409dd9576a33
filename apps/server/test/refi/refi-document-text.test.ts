/**
 * Issue 34, finding 8: the refinancing disclosures are shown on the signing page, not only
 * downloadable: each document's words, as its PDF has them, are read by its borrower alone.
 */
import { describe, expect, it } from 'vitest';
import type { TDocument, TGetRefiDocumentTextResponse } from '@pledge/contract';
import { newBorrower, useApplicationsTestContext } from '../applications/helpers.js';
import { call, lookUpOne, offerOf, OWNERSHIP_TRANSFER, REFI } from './helpers.js';

const ctx = useApplicationsTestContext();

describe('a refinancing disclosure’s words', () => {
  it('are answered to its borrower, the words its PDF was made of; to nobody else', async () => {
    const me = await newBorrower(ctx.app);
    const application = await lookUpOne(ctx.app, me.token, '100003');
    const offer = offerOf(application, OWNERSHIP_TRANSFER);
    const submitted = await call(
      ctx.app,
      'POST',
      `${REFI}/applications/${application.appUuid}/collateral/celsius-refi-borrower-confirmation`,
      me.token,
      { offerUuid: offer.uuid },
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const listed = await call(
      ctx.app,
      'GET',
      `${REFI}/applications/${application.appUuid}/borrowers/${me.identityUuid}/documents/unsigned`,
      me.token,
    );
    const documents = listed.json() as TDocument[];
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      const answer = await call(ctx.app, 'GET', `${REFI}/document-text/${document.uuid}`, me.token);
      expect(answer.statusCode).toBe(200);
      const { text } = answer.json() as TGetRefiDocumentTextResponse;
      expect(text?.title).toBe(document.name);
      expect(text?.paragraphs.length).toBeGreaterThan(0);
      expect(text?.paragraphs.join(' ')).toMatch(/100003/);
    }
    const first = documents[0]?.uuid ?? '';
    const stranger = await newBorrower(ctx.app);
    expect(
      (await call(ctx.app, 'GET', `${REFI}/document-text/${first}`, stranger.token)).statusCode,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', `${REFI}/document-text/${first}`, null)).statusCode).toBe(
      401,
    );
    expect(
      (await call(ctx.app, 'GET', `${REFI}/document-text/not-a-uuid`, me.token)).statusCode,
    ).toBe(400);
  });
});
