import nodemailer from 'nodemailer';
import type { TDb } from '../../db/pool.js';
import { outbox } from '../../db/schema/index.js';
import { withoutSecrets, type TEmailPort } from './port.js';

/** The part of a nodemailer transport the adapter uses (tests give their own). */
export interface TMailTransport {
  sendMail(mail: {
    from: { name: string; address: string };
    to: string;
    subject: string;
    text: string;
  }): Promise<{ messageId?: string }>;
}

/** SMTP error texts can be long; the outbox keeps the start. */
const MAX_ERROR_LENGTH = 500;

export function createSmtpTransport(smtpUrl: string): TMailTransport {
  return nodemailer.createTransport(smtpUrl);
}

/** Sends through SMTP and records each message with its outcome, secrets blanked out. */
export function createRealEmail(deps: {
  db: TDb;
  transport: TMailTransport;
  fromAddress: string;
  onFailure?: (outboxId: string, reason: string) => void;
}): TEmailPort {
  const { db, transport, fromAddress } = deps;
  return {
    async send(message) {
      const to = message.to.toLowerCase();
      let status: 'sent' | 'failed';
      let providerMessageId: string | null = null;
      let error: string | null = null;
      try {
        const info = await transport.sendMail({
          from: { name: message.fromName, address: fromAddress },
          to,
          subject: message.subject,
          text: message.text,
        });
        status = 'sent';
        providerMessageId = info.messageId ?? null;
      } catch (cause) {
        status = 'failed';
        const reason = cause instanceof Error ? cause.message : String(cause);
        error = withoutSecrets(reason, message.secrets).slice(0, MAX_ERROR_LENGTH);
      }
      const [row] = await db
        .insert(outbox)
        .values({
          toAddress: to,
          subject: withoutSecrets(message.subject, message.secrets),
          bodyText: withoutSecrets(message.text, message.secrets),
          status,
          providerMessageId,
          error,
        })
        .returning({ id: outbox.id });
      if (row === undefined) throw new Error('The outbox insert returned no row');
      if (status === 'failed') deps.onFailure?.(row.id, error ?? 'unknown');
      return { id: row.id, status };
    },
  };
}
