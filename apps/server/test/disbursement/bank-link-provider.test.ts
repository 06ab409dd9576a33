import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TGetSandboxBankLinkInstitutionsResponse,
  TPostBankLinkTokenResponse,
} from '@pledge/contract';
import { SANDBOX_INSTITUTIONS } from '../../src/adapters/bank-link/sandbox.js';
import { linkProviderOf } from '../../src/services/bank-link/create-link-token.js';
import { newBorrower } from '../applications/helpers.js';
import {
  applicationIn,
  BANK_LINK,
  createDisbursementTestContext,
  post,
  type TDisbursementTestContext,
} from './helpers.js';
import { useTestApp } from '../helpers/test-app.js';

describe('what the web needs to drive the bank-link widget', () => {
  let ctx: TDisbursementTestContext;

  beforeAll(async () => {
    ctx = await createDisbursementTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('names the sandbox picker as the provider of a sandbox link token', async () => {
    const borrower = await newBorrower(ctx.app);
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const answer = await post(ctx.app, `${BANK_LINK}/link-token`, borrower.token, { appUuid });
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as TPostBankLinkTokenResponse).provider).toBe('sandbox');
  });

  it.each([
    ['sandbox', 'sandbox'],
    ['plaid', 'plaid'],
    ['unconfigured', 'plaid'],
  ] as const)('an adapter named %s opens the %s widget', (name, provider) => {
    expect(linkProviderOf({ name })).toBe(provider);
  });

  it('lists the sandbox test banks without a token', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/sandbox/bank-link/institutions' });
    expect(answer.statusCode).toBe(200);
    const { institutions } = answer.json() as TGetSandboxBankLinkInstitutionsResponse;
    expect(institutions).toEqual([
      { institutionId: 'ins_109508', name: 'First Platypus Bank' },
      { institutionId: 'ins_109511', name: 'Tartan Bank' },
      { institutionId: 'ins_109512', name: 'Houndstooth Bank' },
    ]);
    expect(institutions).toHaveLength(SANDBOX_INSTITUTIONS.length);
    // Only the names: the test banks' accounts come from a completed link, never from this list.
    expect(JSON.stringify(institutions)).not.toContain('accounts');
  });
});

describe('the sandbox bank picker outside the sandbox', () => {
  const world = useTestApp({ sandbox: false });

  it('has no test banks', async () => {
    const answer = await world.app.inject({
      method: 'GET',
      url: '/sandbox/bank-link/institutions',
    });
    expect(answer.statusCode).toBe(404);
  });
});
