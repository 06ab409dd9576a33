/**
 * An agent's decision on an uploaded ID (or the sandbox's automatic approval). Only a pending
 * upload is decided; deciding again changes nothing and answers the recorded decision. The
 * application row is locked first, as an upload locks it, so an upload and an approval are taken
 * in turn: an upload never lands beside an approval it did not see.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications, identityDocuments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TClock } from '../../security/jwt.js';
import type { TIdentityDocumentRow } from './identity-document-record.js';

export interface TReviewDeps {
  db: TDb;
  clock: TClock;
}

export interface TReviewInput {
  documentUuid: string;
  decision: 'APPROVED' | 'REJECTED';
  /** Why it was rejected, shown to the borrower; null for an approval. */
  reason: string | null;
  /** `agent:<address>` or `system:<job>`. */
  reviewer: string;
}

export async function reviewIdentityDocument(
  deps: TReviewDeps,
  input: TReviewInput,
): Promise<TIdentityDocumentRow> {
  return deps.db.transaction((tx) => decide(tx, deps.clock, input));
}

async function decide(tx: TDb, clock: TClock, input: TReviewInput): Promise<TIdentityDocumentRow> {
  await tx
    .select({ uuid: applications.uuid })
    .from(applications)
    .where(
      inArray(
        applications.uuid,
        tx
          .select({ uuid: identityDocuments.applicationUuid })
          .from(identityDocuments)
          .where(eq(identityDocuments.uuid, input.documentUuid)),
      ),
    )
    .for('update');
  const [decided] = await tx
    .update(identityDocuments)
    .set({
      reviewStatus: input.decision,
      reviewReason: input.decision === 'REJECTED' ? input.reason : null,
      reviewedAt: clock(),
      reviewedBy: input.reviewer,
    })
    .where(
      and(
        eq(identityDocuments.uuid, input.documentUuid),
        eq(identityDocuments.reviewStatus, 'PENDING'),
      ),
    )
    .returning();
  if (decided !== undefined) return decided;
  const [current] = await tx
    .select()
    .from(identityDocuments)
    .where(eq(identityDocuments.uuid, input.documentUuid));
  if (current === undefined) throw new HttpError(404, 'NOT_FOUND', 'Document not found');
  return current;
}
