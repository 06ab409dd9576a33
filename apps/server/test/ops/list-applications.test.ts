import { describe, expect, it } from 'vitest';
import type { TGetOpsApplicationsResponse } from '@pledge/contract';
import { sql } from 'drizzle-orm';
import {
  acceptedApplication,
  createdApplication,
  newBorrower,
  submitDetails,
  usDetails,
} from '../applications/helpers.js';
import { expectJson, opsCall, opsPath, useAgentContext } from './helpers.js';

const { ctx, agent } = useAgentContext();

async function list(query: string): Promise<TGetOpsApplicationsResponse> {
  const response = await opsCall(ctx.app, 'GET', opsPath(query), agent.token);
  return expectJson(response, 200) as TGetOpsApplicationsResponse;
}

describe('GET /service-ops/.../applications', () => {
  it('finds a borrower by their whole e-mail in any case (not its start), newest first, page by page', async () => {
    const borrower = await newBorrower(ctx.app);
    const created = [];
    for (let index = 0; index < 3; index += 1) {
      // Organisations differ: a borrower has one open new-loan application per brand.
      created.push(
        await createdApplication(ctx.app, borrower.token, {
          organization: ['default', 'partner', 'markets'][index] ?? 'default',
        }),
      );
    }
    const newestFirst = created.map((application) => application.appUuid).reverse();
    const prefix = borrower.email.slice(0, borrower.email.indexOf('@'));
    // Addresses are sealed at rest and found by their keyed digest: a whole address only.
    expect((await list(`?search=${encodeURIComponent(prefix)}`)).items).toEqual([]);

    const first = await list(`?search=${encodeURIComponent(borrower.email.toUpperCase())}&limit=2`);
    expect(first.items.map((item) => item.appUuid)).toEqual(newestFirst.slice(0, 2));
    expect(first.items[0]).toMatchObject({
      state: 'CREATED',
      stage: 'UNINITIALIZED_STATE',
      borrowerEmail: borrower.email,
      borrowerName: null,
      loanAmount: null,
      collateral: null,
    });
    expect(first.nextCursor).not.toBeNull();

    const second = await list(
      `?search=${encodeURIComponent(borrower.email)}&limit=2&cursor=${first.nextCursor ?? ''}`,
    );
    expect(second.items.map((item) => item.appUuid)).toEqual(newestFirst.slice(2));
    expect(second.nextCursor).toBeNull();
  });

  it('keeps rows created in the same instant apart by their id', async () => {
    const borrower = await newBorrower(ctx.app);
    const a = await createdApplication(ctx.app, borrower.token, { organization: 'default' });
    const b = await createdApplication(ctx.app, borrower.token, { organization: 'partner' });
    await ctx.database.db.execute(
      sql`UPDATE applications SET created_at = '2020-01-01T00:00:00Z' WHERE uuid IN (${a.appUuid}, ${b.appUuid})`,
    );
    const byId = [a.appUuid, b.appUuid].sort().reverse();
    const first = await list(`?search=${encodeURIComponent(borrower.email)}&limit=1`);
    const second = await list(
      `?search=${encodeURIComponent(borrower.email)}&limit=1&cursor=${first.nextCursor ?? ''}`,
    );
    expect([...first.items, ...second.items].map((item) => item.appUuid)).toEqual(byId);
    expect(second.nextCursor).toBeNull();
  });

  it('finds an application by the start of its id and filters by state', async () => {
    const borrower = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, borrower.token);
    const details = await submitDetails(ctx.app, borrower.token, accepted.appUuid, usDetails());
    expect(details.statusCode).toBe(202);
    await ctx.runJobs();

    const byId = await list(`?search=${accepted.appUuid.slice(0, 13)}`);
    const item = byId.items.find((candidate) => candidate.appUuid === accepted.appUuid);
    expect(item).toMatchObject({
      borrowerName: 'Ada Lovelace',
      loanAmount: accepted.selectedOffer?.amount,
      collateral: { coinQuantity: '1', type: 'BTC' },
    });

    const signing = await list(`?state=SIGN_DOCS&search=${accepted.appUuid}`);
    expect(signing.items.map((candidate) => candidate.appUuid)).toEqual([accepted.appUuid]);
    const created = await list(`?state=CREATED&search=${accepted.appUuid}`);
    expect(created.items).toEqual([]);
  });

  it('takes wildcards in a search literally', async () => {
    const page = await list(`?search=${encodeURIComponent('%')}`);
    expect(page.items).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=ten', 'limit'],
    ['?state=FUNDED', 'state'],
    ['?cursor=not-a-cursor', 'cursor'],
  ])('refuses %s with the field named', async (query, field) => {
    const response = await opsCall(ctx.app, 'GET', opsPath(query), agent.token);
    const body = expectJson(response, 400) as { fieldErrors?: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
  });

  it('answers 401 without a token and to a borrower', async () => {
    expect((await opsCall(ctx.app, 'GET', opsPath(), null)).statusCode).toBe(401);
    const borrower = await newBorrower(ctx.app);
    expect((await opsCall(ctx.app, 'GET', opsPath(), borrower.token)).statusCode).toBe(401);
  });
});
