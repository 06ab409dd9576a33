import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../../../test/helpers/db.js';
import { outbox } from '../../db/schema/index.js';
import { withoutSecrets } from './port.js';
import { createRealEmail, type TMailTransport } from './real.js';

const MESSAGE = {
  to: 'Ada@Example.com',
  subject: 'Your Pledge Lending sign-in code',
  text: 'Your Pledge Lending sign-in code is 482913.',
  fromName: 'Pledge Lending',
  secrets: ['482913'],
};

describe('SMTP e-mail adapter', () => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('sends in the brand name and records the message without its secrets', async () => {
    const sent: Parameters<TMailTransport['sendMail']>[0][] = [];
    const email = createRealEmail({
      db: database.db,
      fromAddress: 'no-reply@pledge.example',
      transport: {
        async sendMail(mail) {
          sent.push(mail);
          return { messageId: '<1@smtp.example>' };
        },
      },
    });
    const delivery = await email.send(MESSAGE);
    expect(delivery.status).toBe('sent');
    expect(sent).toEqual([
      {
        from: { name: 'Pledge Lending', address: 'no-reply@pledge.example' },
        to: 'ada@example.com',
        subject: MESSAGE.subject,
        text: MESSAGE.text,
      },
    ]);
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({
      id: delivery.id,
      toAddress: 'ada@example.com',
      bodyText: 'Your Pledge Lending sign-in code is [redacted].',
      status: 'sent',
      providerMessageId: '<1@smtp.example>',
      error: null,
    });
  });

  it('records a failed delivery and reports it, without throwing', async () => {
    const failures: string[] = [];
    const email = createRealEmail({
      db: database.db,
      fromAddress: 'no-reply@pledge.example',
      transport: {
        async sendMail() {
          throw new Error('550 mailbox unavailable for code 482913');
        },
      },
      onFailure: (outboxId) => failures.push(outboxId),
    });
    const delivery = await email.send(MESSAGE);
    expect(delivery.status).toBe('failed');
    expect(failures).toEqual([delivery.id]);
    const rows = await database.db.select().from(outbox);
    const row = rows.find((candidate) => candidate.id === delivery.id);
    expect(row?.error).toBe('550 mailbox unavailable for code [redacted]');
  });
});

describe('withoutSecrets', () => {
  it.each([
    ['code 123456 and 123456', ['123456'], 'code [redacted] and [redacted]'],
    ['nothing to hide', ['123456'], 'nothing to hide'],
    ['empty secrets are ignored', [''], 'empty secrets are ignored'],
    ['no secrets', undefined, 'no secrets'],
  ])('%j', (text, secrets, expected) => {
    expect(withoutSecrets(text, secrets)).toBe(expected);
  });
});
