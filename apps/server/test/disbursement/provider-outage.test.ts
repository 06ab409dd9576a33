import { beforeAll, describe, expect, it } from 'vitest';
import type { TGetBankLinkAuthResponse } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { createAdapters } from '../../src/adapters/index.js';
import { createConfiguredBankLink } from '../../src/adapters/bank-link/config.js';
import { applications, bankLinkItems } from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { accessTokenContext } from '../../src/services/bank-link/bank-link-record.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import {
  createApplicationsTestContext,
  newBorrower,
  useApplicationsTestContext,
  finalStepStatus,
} from '../applications/helpers.js';
import { applicationIn, BANK_LINK, bearer, post, saveManualBank } from './helpers.js';

describe('disbursement when the bank-link provider is unavailable, and for renewals', () => {
  const ctx = useApplicationsTestContext(() =>
    createApplicationsTestContext({
      adapters: (database) => ({
        ...createAdapters({ config: { sandbox: true }, db: database.db }),
        // Plaid without an account: every call reports the provider unavailable.
        bankLink: createConfiguredBankLink({ sandbox: false }),
      }),
    }),
  );
  let borrower: Awaited<ReturnType<typeof newBorrower>>;

  beforeAll(async () => {
    borrower = await newBorrower(ctx.app);
  });

  it('answers 503 with the product messages, and manual bank entry still works', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    const auth = () =>
      ctx.app.inject({
        method: 'GET',
        url: `${BANK_LINK}/auth?appUuid=${appUuid}`,
        headers: bearer(borrower.token),
      });
    const token = await post(ctx.app, `${BANK_LINK}/link-token`, borrower.token, { appUuid });
    expect(token.statusCode).toBe(503);
    expect(token.json()).toMatchObject({ message: 'Something unexpected happened. Try again' });

    // Items linked earlier cannot be refreshed now; one whose token cannot be read needs relinking.
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    const item = {
      identityUuid: borrower.identityUuid,
      applicationUuid: appUuid,
      institutionId: 'ins_109508',
      institutionName: 'First Platypus Bank',
      status: 'PENDING' as const,
      accounts: [],
    };
    await ctx.database.db.insert(bankLinkItems).values({
      ...item,
      providerItemId: 'item-unreadable',
      accessTokenSealed: 'v1.not-a-sealed-value',
    });
    const unreadable = await auth();
    expect(unreadable.statusCode).toBe(200);
    expect((unreadable.json() as TGetBankLinkAuthResponse).items).toMatchObject([
      { status: 'FAILED' },
    ]);
    await ctx.database.db.insert(bankLinkItems).values({
      ...item,
      providerItemId: 'item-1',
      accessTokenSealed: cipher.encryptText(
        'access-production-1',
        accessTokenContext(borrower.identityUuid),
      ),
    });
    const unavailable = await auth();
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toMatchObject({ message: 'Unable to retrieve accounts. Try again' });

    const manual = await saveManualBank(ctx.app, borrower.token, appUuid);
    expect(manual.statusCode).toBe(200);
  });

  it('needs no disbursement account for a renewal', async () => {
    const appUuid = await applicationIn(ctx, borrower.token, 'SIGN_DOCS');
    await ctx.database.db
      .update(applications)
      .set({ isRollForward: true })
      .where(eq(applications.uuid, appUuid));
    expect(await finalStepStatus(ctx.app, borrower.token, appUuid, 'Disbursement Account')).toBe(
      'NOT_REQUIRED',
    );
    const refused = await saveManualBank(ctx.app, borrower.token, appUuid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DISBURSEMENT_NOT_REQUIRED' });
  });
});
