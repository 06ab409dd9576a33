/** Reading and sealing webhook endpoints: what every partner use case shares about them. */
import { randomUUID } from 'node:crypto';
import type { TDb } from '../../db/pool.js';
import { partnerWebhookEndpoints } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';

/** The encryption context of an endpoint's signing secret: it opens for that row only. */
export function endpointSecretContext(endpointId: string): string {
  return `partner_webhook_endpoints.secret:${endpointId}`;
}

/** The encryption context of a secret waiting for its proposer to read it (keyed by the proposal). */
export function revealSealContext(proposalId: string): string {
  return `partner_secret_reveals:${proposalId}`;
}

export type TWebhookEndpointRow = typeof partnerWebhookEndpoints.$inferSelect;

/** Writes an active endpoint with its secret sealed; the URL is checked by the caller. */
export async function insertWebhookEndpoint(
  tx: TDb,
  cipher: TFieldCipher,
  input: { brand: string; url: string; description: string; secret: string; createdBy: string },
): Promise<TWebhookEndpointRow> {
  const id = randomUUID();
  const [row] = await tx
    .insert(partnerWebhookEndpoints)
    .values({
      id,
      brand: input.brand,
      url: input.url,
      description: input.description,
      secretSealed: cipher.encryptText(input.secret, endpointSecretContext(id)),
      status: 'ACTIVE',
      createdBy: input.createdBy,
    })
    .returning();
  if (row === undefined) throw new Error('The webhook endpoint was not written');
  return row;
}
