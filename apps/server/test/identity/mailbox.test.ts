import { describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema/index.js';
import { mailbox, startOtp } from './sign-in.js';
import { useTestApp } from '../helpers/test-app.js';

describe('GET /sandbox/mailbox', () => {
  const world = useTestApp({ sandbox: true });

  it('lists the messages to an address, newest first', async () => {
    await world.database.db.insert(outbox).values([
      {
        toAddress: 'reader@example.com',
        subject: 'First',
        bodyText: 'one',
        status: 'stored',
        createdAt: new Date('2025-01-01T10:00:00Z'),
      },
      {
        toAddress: 'reader@example.com',
        subject: 'Second',
        bodyText: 'two',
        status: 'stored',
        createdAt: new Date('2025-01-02T10:00:00Z'),
      },
      {
        toAddress: 'someone-else@example.com',
        subject: 'Not yours',
        bodyText: 'three',
        status: 'stored',
      },
    ]);
    expect(await mailbox(world.app, 'Reader@Example.com')).toEqual([
      {
        to: 'reader@example.com',
        subject: 'Second',
        text: 'two',
        createdAt: '2025-01-02T10:00:00.000Z',
      },
      {
        to: 'reader@example.com',
        subject: 'First',
        text: 'one',
        createdAt: '2025-01-01T10:00:00.000Z',
      },
    ]);
  });

  it('holds the sign-in code e-mail in full in the sandbox', async () => {
    await startOtp(world.app, 'sandboxed@example.com');
    const [message] = await mailbox(world.app, 'sandboxed@example.com');
    expect(message?.text).toMatch(/sign-in code is \d{6}\./);
    expect(message?.text).toContain('expires in 10 minutes');
  });

  it('answers an empty list for an address with no mail', async () => {
    expect(await mailbox(world.app, 'quiet@example.com')).toEqual([]);
  });

  it.each(['', 'not-an-address', '@example.com'])('answers 400 to to=%j', async (to) => {
    const response = await world.app.inject({
      method: 'GET',
      url: `/sandbox/mailbox?to=${encodeURIComponent(to)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: { to: [expect.any(String)] },
    });
  });
});

describe('e-mail outside the sandbox', () => {
  const world = useTestApp({ sandbox: false });

  it('has no mailbox', async () => {
    const response = await world.app.inject({
      method: 'GET',
      url: '/sandbox/mailbox?to=a@example.com',
    });
    expect(response.statusCode).toBe(404);
  });

  it('queues the code without storing it in clear, and answers 204 without waiting for SMTP', async () => {
    const response = await startOtp(world.app, 'real@example.com');
    expect(response.statusCode).toBe(204);
    const [row] = await world.database.db.select().from(outbox);
    expect(row).toMatchObject({ toAddress: 'real@example.com', status: 'queued' });
    expect(row?.bodyText).toContain('sign-in code is [redacted].');
    expect(row?.bodyText).not.toMatch(/\d{6}/);
    expect(row?.sealedMessage).not.toContain('sign-in code');
  });
});
