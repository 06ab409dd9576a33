import nodemailer from 'nodemailer';
import type { TEmailPort } from './port.js';

/** The part of a nodemailer transport the adapter uses (tests give their own). */
export interface TMailTransport {
  sendMail(mail: {
    from: { name: string; address: string };
    to: string;
    subject: string;
    text: string;
  }): Promise<{ messageId?: string }>;
}

/**
 * Bounds of one SMTP hand-over: a server that accepts the connection and then says nothing fails
 * the attempt after these, and the e-mail job tries again later.
 */
export interface TSmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const SMTP_TIMEOUTS: TSmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

export function createSmtpTransport(
  smtpUrl: string,
  timeouts: TSmtpTimeouts = SMTP_TIMEOUTS,
): TMailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
}

/** Sends through SMTP in the brand's name; throws when the server refuses or does not answer. */
export function createRealEmail(deps: {
  transport: TMailTransport;
  fromAddress: string;
}): TEmailPort {
  const { transport, fromAddress } = deps;
  return {
    isSandbox: false,
    async deliver(message) {
      const info = await transport.sendMail({
        from: { name: message.fromName, address: fromAddress },
        to: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
      });
      return { providerMessageId: info.messageId ?? null };
    },
  };
}
