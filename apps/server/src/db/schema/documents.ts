/**
 * Documents of an application: the identity files a borrower uploads (stored encrypted through the
 * storage port, reviewed by an agent), the disclosure PDFs generated from the accepted offer, and
 * the borrower's electronic signature of each. Files live in storage under server-chosen keys; the
 * rows keep their SHA-256 so that a signature names exactly the bytes that were signed.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { IDENTITY_REVIEW_STATUSES, type TIdentityReviewStatus } from '@pledge/contract';
import { applicationUuidColumn } from './applications.js';
import { createdAt, generatedUuid, oneOf, timestamptz } from './columns.js';

/** One uploaded identity file; the same bytes for the same application and type are one row. */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    uuid: generatedUuid('uuid'),
    applicationUuid: applicationUuidColumn(),
    ownerIdentityUuid: uuid('owner_identity_uuid').notNull(),
    documentType: text('document_type').notNull(),
    /** The name the borrower's device gave the file, shown back to them; never a storage path. */
    fileName: text('file_name').notNull(),
    /** The type found in the file's first bytes, not the one the client declared. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the plaintext file. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    reviewStatus: text('review_status').$type<TIdentityReviewStatus>().notNull(),
    reviewReason: text('review_reason'),
    reviewedAt: timestamptz('reviewed_at'),
    /** `agent:<address>` or `system:<job>`. */
    reviewedBy: text('reviewed_by'),
  },
  (table) => [
    uniqueIndex('identity_documents_same_file_unique').on(
      table.applicationUuid,
      table.documentType,
      table.sha256,
    ),
    uniqueIndex('identity_documents_storage_key_unique').on(table.storageKey),
    index('identity_documents_application_idx').on(table.applicationUuid, table.uploadedAt),
    check(
      'identity_documents_review_status_known',
      oneOf(table.reviewStatus, IDENTITY_REVIEW_STATUSES),
    ),
    check('identity_documents_size_positive', sql`${table.sizeBytes} > 0`),
  ],
);

/** One generated disclosure PDF of an application, in signing order. */
export const disclosureDocuments = pgTable(
  'disclosure_documents',
  {
    uuid: generatedUuid('uuid'),
    applicationUuid: applicationUuidColumn(),
    /** The borrower who signs it. */
    identityUuid: uuid('identity_uuid').notNull(),
    kind: text('kind').notNull(),
    /** Signing order, from 1. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Hex SHA-256 of the PDF bytes served to the borrower. */
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The brand's published version (brands.ts) the disclosure was made under; null before brands were versioned. */
    brandVersion: integer('brand_version'),
    createdAt: createdAt(),
    /**
     * Set when the offer it states no longer holds and the application went back to its offers
     * (a refinancing re-priced at its last signature): kept with its signature, never signed or
     * listed again; the new offer's documents take its kind and place.
     */
    voidedAt: timestamptz('voided_at'),
  },
  (table) => [
    uniqueIndex('disclosure_documents_application_kind_current_unique')
      .on(table.applicationUuid, table.kind)
      .where(sql`${table.voidedAt} IS NULL`),
    uniqueIndex('disclosure_documents_application_position_current_unique')
      .on(table.applicationUuid, table.position)
      .where(sql`${table.voidedAt} IS NULL`),
    uniqueIndex('disclosure_documents_storage_key_unique').on(table.storageKey),
  ],
);

/** A borrower's electronic signature of one disclosure: at most one per document. */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    uuid: generatedUuid('uuid'),
    documentUuid: uuid('document_uuid')
      .notNull()
      .references(() => disclosureDocuments.uuid, { onDelete: 'cascade' }),
    identityUuid: uuid('identity_uuid').notNull(),
    signedAt: timestamptz('signed_at').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The SHA-256 of the document as it was when signed. */
    documentSha256: text('document_sha256').notNull(),
  },
  (table) => [uniqueIndex('document_signatures_document_unique').on(table.documentUuid)],
);
