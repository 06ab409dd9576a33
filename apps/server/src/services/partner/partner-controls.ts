/**
 * The two partner controlled actions (issue 39): a webhook endpoint and an API key are created only
 * when a second agent approves the proposal. On approval the endpoint (with a new signing secret)
 * or the key (only the SHA-256 of its secret kept) is written, and the secret waits sealed for the
 * proposer to read it once (reveal-partner-secret.ts). A rotation leaves the old key working for
 * the overlap.
 */
import type { TPostOpsPartnerApiKeyBody, TPostOpsWebhookEndpointBody } from '@pledge/contract';
import { PARTNER_KEY_ROTATION_OVERLAP_MS } from '@pledge/domain';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { listOrgCodes } from '../../brands/brands.js';
import type { TDb } from '../../db/pool.js';
import { partnerApiKeys, partnerSecretReveals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { checkWebhookUrl, resolveHost, type THostResolver } from '../../security/public-url.js';
import { insertWebhookEndpoint, revealSealContext } from './webhook-endpoint-record.js';
import { newWebhookSecret } from './webhook-signature.js';

export interface TPartnerControlDeps {
  db: TDb;
  cipher: TFieldCipher;
  sandbox: boolean;
  clock: () => Date;
  /** Host lookups of the URL guard; DNS when not given. */
  resolve?: THostResolver;
}

/** What a proposal is about (the registry's TControlledDescription, which imports this file). */
interface TControlledDescription {
  subjectId: string;
  loanUuid: string | null;
  amountCents: number | null;
  summary: string;
  concerns: [];
}

interface TPerformArgs<P> {
  payload: P;
  proposalId: string;
  agent: { identityUuid: string; email: string };
}

function assertBrand(brand: string): void {
  if (!listOrgCodes().includes(brand)) {
    throw new HttpError(400, 'VALIDATION_ERROR', `There is no brand ${brand}.`, {
      brand: [`There is no brand ${brand}.`],
    });
  }
}

export function describeWebhookEndpoint(p: TPostOpsWebhookEndpointBody): TControlledDescription {
  assertBrand(p.brand);
  return {
    subjectId: `${p.brand}:webhook:${p.url}`.slice(0, 200),
    loanUuid: null,
    amountCents: null,
    summary: `Webhook endpoint for ${p.brand}: ${p.url} (${p.description})`,
    concerns: [],
  };
}

export async function performWebhookEndpoint(
  deps: TPartnerControlDeps,
  { payload, proposalId }: TPerformArgs<TPostOpsWebhookEndpointBody>,
): Promise<string> {
  assertBrand(payload.brand);
  const check = await checkWebhookUrl(payload.url, {
    sandbox: deps.sandbox,
    resolve: deps.resolve ?? resolveHost,
  });
  if (!check.ok) {
    throw new HttpError(400, 'VALIDATION_ERROR', check.reason, { url: [check.reason] });
  }
  const secret = newWebhookSecret();
  const endpoint = await insertWebhookEndpoint(deps.db, deps.cipher, {
    brand: payload.brand,
    url: payload.url,
    description: payload.description,
    secret,
    createdBy: `proposal:${proposalId}`,
  });
  await deps.db.insert(partnerSecretReveals).values({
    proposalId,
    kind: 'WEBHOOK_ENDPOINT',
    targetId: endpoint.id,
    secretSealed: deps.cipher.encryptText(secret, revealSealContext(proposalId)),
  });
  return `Webhook endpoint ${endpoint.id} created; its signing secret is shown once to the proposer`;
}

/** The SHA-256 of a key's secret part: all that is kept of it. */
export function partnerKeyDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function describePartnerApiKey(p: TPostOpsPartnerApiKeyBody): TControlledDescription {
  assertBrand(p.brand);
  return {
    subjectId: `${p.brand}:api-key:${p.label}`.slice(0, 200),
    loanUuid: null,
    amountCents: null,
    summary: `API key “${p.label}” for ${p.brand}: ${[...new Set(p.scopes)].join(', ')}${p.rotatesKeyId === undefined ? '' : `, replacing ${p.rotatesKeyId}`}`,
    concerns: [],
  };
}

export async function performPartnerApiKey(
  deps: TPartnerControlDeps,
  { payload, proposalId }: TPerformArgs<TPostOpsPartnerApiKeyBody>,
): Promise<string> {
  assertBrand(payload.brand);
  const now = deps.clock();
  let replacesId: string | null = null;
  if (payload.rotatesKeyId !== undefined) {
    const [old] = await deps.db
      .update(partnerApiKeys)
      .set({ expiresAt: new Date(now.getTime() + PARTNER_KEY_ROTATION_OVERLAP_MS) })
      .where(
        and(
          eq(partnerApiKeys.keyId, payload.rotatesKeyId),
          eq(partnerApiKeys.brand, payload.brand),
          isNull(partnerApiKeys.revokedAt),
          isNull(partnerApiKeys.expiresAt),
        ),
      )
      .returning({ id: partnerApiKeys.id });
    if (old === undefined) {
      const message = `There is no current key ${payload.rotatesKeyId} of ${payload.brand} to rotate.`;
      throw new HttpError(409, 'KEY_NOT_ROTATABLE', message);
    }
    replacesId = old.id;
  }
  const keyId = `pk_${randomBytes(12).toString('base64url')}`;
  const secret = randomBytes(32).toString('base64url');
  await deps.db.insert(partnerApiKeys).values({
    brand: payload.brand,
    keyId,
    secretHash: partnerKeyDigest(secret),
    scopes: [...new Set(payload.scopes)],
    label: payload.label,
    createdBy: `proposal:${proposalId}`,
    replacesId,
  });
  await deps.db.insert(partnerSecretReveals).values({
    proposalId,
    kind: 'API_KEY',
    targetId: keyId,
    secretSealed: deps.cipher.encryptText(`${keyId}.${secret}`, revealSealContext(proposalId)),
  });
  return `API key ${keyId} created; it is shown once to the proposer`;
}
