import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, refiTapeLoans } from '../../src/db/schema/index.js';
import { newBorrower, useApplicationsTestContext } from '../applications/helpers.js';
import type { TRefiTapeLoan } from '@pledge/contract';
import {
  approvedControlled,
  proposeAndApproveControlled,
  signInAgent,
  signInSecondAgent,
  type TAgent,
} from '../ops/helpers.js';
import { call, lookUp, lookUpOne, OPS, REFI } from './helpers.js';

const HEADER =
  'loan_id,borrower_email,collateral_type,collateral_quantity,principal_outstanding_usd,jurisdiction,passport_on_file,custody_arrangement';

describe('the legacy loan tape (agent CSV import)', () => {
  const ctx = useApplicationsTestContext();
  let agent: TAgent;
  /** The second agent: imports and reassignments take their approval. */
  let checker: TAgent;

  beforeAll(async () => {
    agent = await signInAgent(ctx);
    checker = await signInSecondAgent(ctx);
  });

  const sendTape = (suffix: string, csv: string, token: string, type = 'text/csv') =>
    ctx.app.inject({
      method: 'POST',
      url: `${OPS}/refi/tape/${suffix}`,
      headers: {
        ...(token === '' ? {} : { authorization: `Bearer ${token}` }),
        'content-type': type,
      },
      payload: csv,
    });
  const preview = (csv: string, token = agent.token) => sendTape('preview', csv, token);
  /** The first agent's proposal of an import (a controlled action). */
  const importTape = (csv: string, token = agent.token) => sendTape('import', csv, token);
  /** An import proposed by the first agent and approved by the second: what it did, in words. */
  const importApproved = async (csv: string) =>
    (
      await approvedControlled(ctx.app, {
        url: `${OPS}/refi/tape/import`,
        maker: agent,
        checker,
        payload: csv,
        contentType: 'text/csv',
      })
    ).outcome;
  /** A reassignment proposed by the first agent and approved by the second. */
  const reassign = (loanId: string, body: object) =>
    proposeAndApproveControlled(ctx.app, {
      url: `${OPS}/refi/tape/loans/${loanId}/borrower`,
      maker: agent,
      checker,
      payload: body,
    });
  const tapeLoan = async (loanId: string): Promise<TRefiTapeLoan | undefined> => {
    const page = await call(ctx.app, 'GET', `${OPS}/refi/tape/loans?search=${loanId}`, agent.token);
    expect(page.statusCode, page.body).toBe(200);
    return (page.json() as { items: TRefiTapeLoan[] }).items.find((item) => item.loanId === loanId);
  };

  it('needs an agent: 401 without a token or with a borrower’s', async () => {
    const borrower = await newBorrower(ctx.app);
    expect((await preview(HEADER, '')).statusCode).toBe(401);
    expect((await importTape(HEADER, borrower.token)).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', `${OPS}/refi/tape/loans`, borrower.token)).statusCode).toBe(
      401,
    );
  });

  it('reports every bad row by line and applies nothing', async () => {
    const csv = [
      HEADER,
      'A-1,ada@example.com,BTC,1,20000,US-NY,true,CUSTODY',
      'A-2,not-an-email,DOGE,0,12.345,XX-1,maybe,BANK',
      'A-1,ada@example.com,BTC,1,20000,US-NY,true,CUSTODY',
      'A-3,too,few',
    ].join('\n');
    const answer = await preview(csv);
    expect(answer.statusCode).toBe(200);
    const lines = (answer.json().errors as { line: number; column: string | null }[]).map(
      (error) => `${error.line}:${error.column ?? '-'}`,
    );
    expect(lines).toEqual([
      '3:borrower_email',
      '3:collateral_type',
      '3:collateral_quantity',
      '3:principal_outstanding_usd',
      '3:jurisdiction',
      '3:passport_on_file',
      '3:custody_arrangement',
      '4:loan_id',
      '5:-',
    ]);
    const refused = await importTape(csv);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fieldErrors)).toEqual(['line.3', 'line.4', 'line.5']);
    const stored = await ctx.database.db
      .select()
      .from(refiTapeLoans)
      .where(eq(refiTapeLoans.loanId, 'A-1'));
    expect(stored).toEqual([]);
    expect((await importTape('')).statusCode).toBe(400);
    const asJson = await sendTape(
      'import',
      JSON.stringify({ csv }),
      agent.token,
      'application/json',
    );
    expect(asJson.statusCode).toBe(415);
    const tooLarge = await sendTape(
      'preview',
      `${HEADER}\n${'x'.repeat(1024 * 1024)}`,
      agent.token,
    );
    expect(tooLarge.statusCode).toBe(413);
    expect((await preview('loan,id\n1,2')).json().errors[0]).toMatchObject({ line: 1 });
  });

  it('previews, imports once (same file twice changes nothing), and the matched borrower finds the loans combined', async () => {
    const borrower = await newBorrower(ctx.app);
    const csv = [
      HEADER,
      `C-100,${borrower.email.toUpperCase()},BTC,0.5,15000.50,US-NY,true,EARN`,
      `C-101,${borrower.email},BTC,0.25,5000,US-NY,true,CUSTODY`,
      `C-102,${borrower.email},ETH,5,6000,US-NY,true,CUSTODY`,
      'C-103,someone-else@example.com,BTC,1,20000,US-NY,true,WITHHOLD',
    ].join('\r\n');
    const previewed = await preview(csv);
    expect(previewed.json()).toMatchObject({ errors: [], summary: { rowCount: 4, inserted: 4 } });
    expect(
      await ctx.database.db.select().from(refiTapeLoans).where(eq(refiTapeLoans.loanId, 'C-100')),
    ).toEqual([]);

    // One agent's import is only a proposal: nothing is on the tape until another approves.
    const proposed = await importTape(csv);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({ action: 'TAPE_IMPORT', status: 'PENDING' });
    expect(await tapeLoan('C-100')).toBeUndefined();
    const first = await importApproved(csv);
    expect(first).toBe('Tape imported: 4 new, 0 updated, 0 unchanged, 0 locked');
    expect(await tapeLoan('C-100')).toMatchObject({
      collateralType: 'BTC',
      matchedIdentityUuid: null,
    });
    const second = await importApproved(csv);
    expect(second).toBe('This file was already imported: nothing changed');
    const audit = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityType, 'refi_tape'));
    expect(audit).toHaveLength(1);
    // The same rows in another file: nothing changes, one row updated.
    const changed = await importApproved(
      `${csv}\r\n`.replace(
        'C-103,someone-else@example.com,BTC,1,20000',
        'C-103,someone-else@example.com,BTC,1,21000',
      ),
    );
    expect(changed).toBe('Tape imported: 0 new, 1 updated, 3 unchanged, 0 locked');
    expect((await tapeLoan('C-103'))?.principalOutstanding).toBe(21000);

    const application = await lookUpOne(ctx.app, borrower.token, 'C-101');
    expect(application.celsiusLoanNumbers).toEqual(['C-100', 'C-101']);
    expect(application.offers[0]).toMatchObject({ amount: 20000.5 });
    const eth = await lookUpOne(ctx.app, borrower.token, 'C-102');
    expect(eth.celsiusLoanNumbers).toEqual(['C-102']);
    // Another borrower's loan is not found.
    const notMine = await call(
      ctx.app,
      'POST',
      `${REFI}/applications/create-celsius`,
      borrower.token,
      {
        celsiusLoanId: 'C-103',
      },
    );
    expect(notMine.statusCode).toBe(404);
    // Agents match it to this borrower by hand: not the tape's e-mail, so only with the override.
    const reason = 'The estate confirmed the borrower changed address';
    const noOverride = await reassign('C-103', { borrowerEmail: borrower.email, reason });
    expect(noOverride.response.statusCode).toBe(400);
    expect(noOverride.response.json()).toMatchObject({
      message:
        'This is not the e-mail on the tape: tick the override and give the evidence in the reason.',
    });
    expect((await tapeLoan('C-103'))?.matchedIdentityUuid).toBeNull();
    const match = { borrowerEmail: borrower.email, reason, overrideTapeEmail: true };
    // One agent's match is only a proposal: the loan has no borrower until another approves.
    const proposedMatch = await call(
      ctx.app,
      'POST',
      `${OPS}/refi/tape/loans/C-103/borrower`,
      agent.token,
      match,
    );
    expect(proposedMatch.statusCode, proposedMatch.body).toBe(202);
    expect(proposedMatch.json()).toMatchObject({ action: 'TAPE_REASSIGN', status: 'PENDING' });
    expect((await tapeLoan('C-103'))?.matchedIdentityUuid).toBeNull();
    // The same request again is the same proposal, which the second agent approves.
    const matched = await reassign('C-103', match);
    expect(matched.approved).toBe(true);
    if (matched.approved) expect(matched.proposal.id).toBe(proposedMatch.json().id);
    expect(await tapeLoan('C-103')).toMatchObject({ matchedIdentityUuid: borrower.identityUuid });
    const nobody = await reassign('C-103', {
      borrowerEmail: 'nobody@example.com',
      reason,
      overrideTapeEmail: true,
    });
    expect(nobody.response.statusCode).toBe(400);
    expect((await tapeLoan('C-103'))?.matchedIdentityUuid).toBe(borrower.identityUuid);
    expect((await lookUp(ctx.app, borrower.token, 'C-103')).applications).toHaveLength(1);

    const page = await call(
      ctx.app,
      'GET',
      `${OPS}/refi/tape/loans?search=C-10&limit=2`,
      agent.token,
    );
    expect(page.json().items.map((item: { loanId: string }) => item.loanId)).toEqual([
      'C-100',
      'C-101',
    ]);
    const next = await call(
      ctx.app,
      'GET',
      `${OPS}/refi/tape/loans?search=C-10&limit=2&cursor=${page.json().nextCursor}`,
      agent.token,
    );
    expect(next.json().items.map((item: { loanId: string }) => item.loanId)).toEqual([
      'C-102',
      'C-103',
    ]);
  });
});
