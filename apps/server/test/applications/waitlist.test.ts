import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, waitlist } from '../../src/db/schema/index.js';
import { mailbox } from '../identity/sign-in.js';
import { LEAP, useApplicationsTestContext } from './helpers.js';

const WAITLIST_PATH = `${LEAP}/insecure/api/v1/waitlist`;

describe('waitlist', () => {
  const ctx = useApplicationsTestContext();

  const join = (payload: unknown, options: { org?: string; ip?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: WAITLIST_PATH,
      payload: payload as Record<string, unknown>,
      ...(options.org !== undefined ? { headers: { 'x-organization': options.org } } : {}),
      ...(options.ip !== undefined ? { remoteAddress: options.ip } : {}),
    });

  it('keeps one sign-up per address and state and e-mails one confirmation in the brand’s name', async () => {
    const first = await join({ email: 'Tex@Example.com', state: 'TX' }, { org: 'partner' });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ email: 'tex@example.com', state: 'TX' });
    const again = await join({ email: 'tex@example.com', state: 'TX' }, { org: 'partner' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());

    const rows = await ctx.database.db.select().from(waitlist).where(eq(waitlist.stateCode, 'TX'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.organization).toBe('partner');
    // The address is personal data: kept only sealed and as a blind index.
    expect(JSON.stringify(rows[0])).not.toContain('tex@example.com');

    // Two jobs for the one sign-up: the confirmation queues its e-mail in the outbox, and the
    // e-mail job delivers that message (in the sandbox it is marked stored); nothing runs again.
    expect(await ctx.runJobs()).toBe(2);
    expect(await ctx.runJobs()).toBe(0);
    const sent = await ctx.database.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(eq(outbox.toAddress, 'tex@example.com'));
    expect(sent).toEqual([{ status: 'stored' }]);
    const messages = await mailbox(ctx.app, 'tex@example.com');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.subject).toBe("You're on the Harbor Credit Partners waitlist for Texas");
    expect(messages[0]?.text).toContain('not yet offered in Texas');
  });

  it('signs the same address up for another state separately, for the brand the page names', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${WAITLIST_PATH}?orgCode=markets`,
      payload: { email: 'tex@example.com', state: 'VA' },
    });
    expect(response.statusCode).toBe(202);
    expect((await join({ email: 'tex@example.com', state: 'KY' })).statusCode).toBe(202);
    await ctx.runJobs();
    const subjects = (await mailbox(ctx.app, 'tex@example.com')).map((message) => message.subject);
    expect(subjects).toHaveLength(3);
    expect(subjects).toContain("You're on the Summit Markets Credit waitlist for Virginia");
    expect(subjects).toContain("You're on the Pledge Lending waitlist for Kentucky");
  });

  it.each([
    [
      'a serviced state',
      { email: 'a@example.com', state: 'OH' },
      { state: ['Loans are already offered in this state'] },
    ],
    ['an unknown state', { email: 'a@example.com', state: 'XX' }, { state: ['Unknown state'] }],
    [
      'a lower-case state',
      { email: 'a@example.com', state: 'tx' },
      { state: ['Must be a two-letter state code'] },
    ],
    [
      'a bad address',
      { email: 'not-an-address', state: 'TX' },
      { email: ['Enter a valid email address'] },
    ],
  ])('refuses %s (400)', async (_name, payload, fieldErrors) => {
    const response = await join(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
  });

  it('limits sign-ups per IP (429 with Retry-After)', async () => {
    const ip = '203.0.113.77';
    for (let n = 0; n < 10; n += 1) {
      const response = await join({ email: `many-${n}@example.com`, state: 'IL' }, { ip });
      expect(response.statusCode).toBe(202);
    }
    const limited = await join({ email: 'one-more@example.com', state: 'IL' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await join(
      { email: 'one-more@example.com', state: 'IL' },
      { ip: '198.51.100.2' },
    );
    expect(elsewhere.statusCode).toBe(202);
  });
});
