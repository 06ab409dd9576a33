import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';

export const ZPostSandboxBankLinkPublicTokenBody = z.object({
  /** The link token the bank-link call issued. */
  linkToken: z.string().check(z.minLength(1), z.maxLength(512)),
  institutionId: z.string().check(z.minLength(1), z.maxLength(64)),
  username: z.string().check(z.minLength(1), z.maxLength(64)),
  password: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type TPostSandboxBankLinkPublicTokenBody = z.infer<
  typeof ZPostSandboxBankLinkPublicTokenBody
>;

export const ZPostSandboxBankLinkPublicTokenResponse = z.object({
  publicToken: z.string().check(z.minLength(1)),
});
export type TPostSandboxBankLinkPublicTokenResponse = z.infer<
  typeof ZPostSandboxBankLinkPublicTokenResponse
>;

/**
 * The in-app bank picker of the sandbox: sign in at a test bank (user_good / pass_good) and get the
 * public token the real widget would hand back; wrong credentials answer 400.
 */
export const postSandboxBankLinkPublicToken = defineEndpoint({
  method: 'POST',
  path: '/sandbox/bank-link/public-token',
  auth: 'none',
  summary: 'Sandbox only: sign in at a test bank and receive a bank-link public token',
  body: ZPostSandboxBankLinkPublicTokenBody,
  response: ZPostSandboxBankLinkPublicTokenResponse,
});
