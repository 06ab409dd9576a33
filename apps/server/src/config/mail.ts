/**
 * E-mail.
 *
 * - SMTP_URL, MAIL_FROM: the SMTP server (smtp:// or smtps://, credentials in the URL) and the sender
 *   address of e-mails. Required when not in sandbox (the sandbox keeps e-mails in its mailbox).
 */
import { z } from 'zod';
import { defineArea, requiredOutsideSandbox } from './area.js';

export interface TMailConfig {
  /** Unset in the sandbox, whose e-mails stay in its mailbox. */
  smtp: { url: string; from: string } | undefined;
}

export const mailArea = defineArea({
  variables: z.object({
    SMTP_URL: z
      .string()
      .trim()
      .refine((value) => /^smtps?:\/\/[^\s]+$/.test(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.email({ error: 'must be an e-mail address' }).optional(),
  }),
  sandboxSecrets: ['SMTP_URL'],
  check: (_env, context) => requiredOutsideSandbox(context, ['SMTP_URL', 'MAIL_FROM']),
  build: (env): TMailConfig => ({
    smtp:
      env.SMTP_URL !== undefined && env.MAIL_FROM !== undefined
        ? { url: env.SMTP_URL, from: env.MAIL_FROM }
        : undefined,
  }),
});
