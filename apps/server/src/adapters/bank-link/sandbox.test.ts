import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BankLinkRequestError } from './port.js';
import {
  createSandboxBankLink,
  SANDBOX_CREDENTIALS,
  SANDBOX_INSTITUTIONS,
  SANDBOX_ITEM_READY_MS,
  SANDBOX_LINK_TOKEN_TTL_MS,
} from './sandbox.js';

function sandboxAt(start = Date.parse('2026-03-01T12:00:00Z'), signingKey = randomBytes(32)) {
  let now = start;
  const port = createSandboxBankLink({ signingKey, clock: () => new Date(now) });
  return { port, advance: (ms: number) => (now += ms) };
}

async function linked(sandbox: ReturnType<typeof sandboxAt>, institutionId = 'ins_109508') {
  const { linkToken } = await sandbox.port.createLinkToken({ clientUserId: 'identity-1' });
  const { publicToken } = await sandbox.port.createPublicToken({
    linkToken,
    institutionId,
    ...SANDBOX_CREDENTIALS,
  });
  return sandbox.port.exchangePublicToken(publicToken);
}

describe('sandbox bank link', () => {
  it.each(SANDBOX_INSTITUTIONS.map((institution) => [institution.name, institution.institutionId]))(
    '%s: PENDING first, then COMPLETE with personal and business accounts',
    async (name, institutionId) => {
      const sandbox = sandboxAt();
      const { accessToken, itemId } = await linked(sandbox, institutionId);
      expect(await sandbox.port.getItem(accessToken)).toMatchObject({
        itemId,
        status: 'PENDING',
        accounts: [],
      });
      sandbox.advance(SANDBOX_ITEM_READY_MS);
      const item = await sandbox.port.getItem(accessToken);
      expect(item.status).toBe('COMPLETE');
      expect(item.institution.name).toBe(name);
      expect(item.accounts.map((account) => account.holderCategory)).toEqual([
        'PERSONAL',
        'PERSONAL',
        'BUSINESS',
      ]);
      expect(new Set(item.accounts.map((account) => account.id)).size).toBe(3);
    },
  );

  it.each([
    ['user_good', 'pass_bad'],
    ['user_bad', 'pass_good'],
  ])('refuses %s / %s as INVALID_CREDENTIALS', async (username, password) => {
    const sandbox = sandboxAt();
    const { linkToken } = await sandbox.port.createLinkToken({ clientUserId: 'identity-1' });
    const error = await sandbox.port
      .createPublicToken({ linkToken, institutionId: 'ins_109508', username, password })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankLinkRequestError);
    expect((error as BankLinkRequestError).code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses expired link tokens, unknown banks and tokens signed by another key', async () => {
    const sandbox = sandboxAt();
    const { linkToken } = await sandbox.port.createLinkToken({ clientUserId: 'identity-1' });
    await expect(
      sandbox.port.createPublicToken({ linkToken, institutionId: 'ins_0', ...SANDBOX_CREDENTIALS }),
    ).rejects.toMatchObject({ code: 'INVALID_INSTITUTION' });
    sandbox.advance(SANDBOX_LINK_TOKEN_TTL_MS);
    await expect(
      sandbox.port.createPublicToken({
        linkToken,
        institutionId: 'ins_109508',
        ...SANDBOX_CREDENTIALS,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_LINK_TOKEN' });

    const { accessToken } = await linked(sandboxAt());
    await expect(sandbox.port.getItem(accessToken)).rejects.toMatchObject({
      code: 'INVALID_ACCESS_TOKEN',
    });
  });

  it('names the same item when the same public token is exchanged again, on any instance', async () => {
    const key = randomBytes(32);
    const first = sandboxAt(Date.parse('2026-03-01T12:00:00Z'), key);
    const second = sandboxAt(Date.parse('2026-03-01T12:00:00Z'), key);
    const { linkToken } = await first.port.createLinkToken({ clientUserId: 'identity-1' });
    const { publicToken } = await first.port.createPublicToken({
      linkToken,
      institutionId: 'ins_109511',
      ...SANDBOX_CREDENTIALS,
    });
    const a = await first.port.exchangePublicToken(publicToken);
    const b = await second.port.exchangePublicToken(publicToken);
    expect(a.itemId).toBe(b.itemId);
  });
});
