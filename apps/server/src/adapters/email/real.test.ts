import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './port.js';
import { createRealEmail, type TMailTransport } from './real.js';

describe('SMTP e-mail adapter', () => {
  it('sends in the brand name to the lower-case address and answers the server’s id', async () => {
    const sent: Parameters<TMailTransport['sendMail']>[0][] = [];
    const email = createRealEmail({
      fromAddress: 'no-reply@pledge.example',
      transport: {
        async sendMail(mail) {
          sent.push(mail);
          return { messageId: '<1@smtp.example>' };
        },
      },
    });
    const delivery = await email.deliver({
      to: 'Ada@Example.com',
      subject: 'Your Pledge Lending sign-in code',
      text: 'Your Pledge Lending sign-in code is 482913.',
      fromName: 'Pledge Lending',
    });
    expect(delivery).toEqual({ providerMessageId: '<1@smtp.example>' });
    expect(sent).toEqual([
      {
        from: { name: 'Pledge Lending', address: 'no-reply@pledge.example' },
        to: 'ada@example.com',
        subject: 'Your Pledge Lending sign-in code',
        text: 'Your Pledge Lending sign-in code is 482913.',
      },
    ]);
  });

  it('throws what the server answered, for the e-mail job to retry', async () => {
    const email = createRealEmail({
      fromAddress: 'no-reply@pledge.example',
      transport: {
        async sendMail() {
          throw new Error('550 mailbox unavailable');
        },
      },
    });
    await expect(
      email.deliver({ to: 'a@example.com', subject: 's', text: 't', fromName: 'Pledge' }),
    ).rejects.toThrow('550 mailbox unavailable');
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
