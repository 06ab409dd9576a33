import { z } from 'zod/mini';
import { ACCEPTED_ID_MIME_TYPES, IDENTITY_DOCUMENT_TYPES } from '@pledge/domain';
import { ZIsoDateTime } from '../wire.js';

/** Where an agent's review of an uploaded ID stands. */
export const IDENTITY_REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type TIdentityReviewStatus = (typeof IDENTITY_REVIEW_STATUSES)[number];

/** An uploaded identity file as the API describes it; the bytes stay encrypted on the server. */
export const ZIdentityDocument = z.object({
  uuid: z.uuid(),
  documentType: z.enum(IDENTITY_DOCUMENT_TYPES),
  documentOwnerIdentityUuid: z.uuid(),
  fileName: z.string().check(z.minLength(1)),
  contentType: z.enum(ACCEPTED_ID_MIME_TYPES),
  sizeBytes: z.number().check(z.int(), z.positive()),
  uploadedAt: ZIsoDateTime,
  reviewStatus: z.enum(IDENTITY_REVIEW_STATUSES),
  /** Why an agent rejected it; null otherwise. */
  reviewReason: z.nullable(z.string()),
});
export type TIdentityDocument = z.infer<typeof ZIdentityDocument>;
