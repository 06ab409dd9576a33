import nodemailer from 'nodemailer';
import { PROBE_TIMEOUT_MS, type TDependencyProbe } from './dependency-probe.js';

/** The password of an smtp(s):// URL, decoded, when it has one (to keep it out of any error). */
function passwordOf(smtpUrl: string): string[] {
  try {
    const { password, username } = new URL(smtpUrl);
    return [password, decodeURIComponent(password), username, decodeURIComponent(username)].filter(
      (value) => value.length > 0,
    );
  } catch {
    return [];
  }
}

/**
 * The SMTP server answers: connect, the greeting, EHLO (STARTTLS and the login when the server
 * and the URL ask for them), then QUIT. No message is sent.
 */
export function createSmtpProbe(smtpUrl: string, timeoutMs = PROBE_TIMEOUT_MS): TDependencyProbe {
  return {
    dependency: 'smtp',
    secrets: [smtpUrl, ...passwordOf(smtpUrl)],
    async probe() {
      const transport = nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      });
      try {
        await transport.verify();
      } finally {
        transport.close();
      }
    },
  };
}
