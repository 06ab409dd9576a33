/**
 * The database schema (drizzle), one file per area. Every change goes through a migration generated
 * by drizzle-kit (`npm -w @pledge/server run db:generate -- --name <what>`), committed in
 * src/db/migrations and applied at start.
 */
export * from './platform.js';
export * from './telemetry.js';
export * from './flags.js';
export * from './banners.js';
export * from './profile.js';
export * from './identity.js';
export * from './email.js';
export * from './applications.js';
export * from './waitlist.js';
export * from './disbursement.js';
export * from './documents.js';
export * from './collateral.js';
export * from './sessions.js';
export * from './ops.js';
export * from './email-changes.js';
export * from './rate-limits.js';
export * from './files.js';
export * from './refi.js';
export * from './servicing.js';
export * from './risk.js';
export * from './schema-compat.js';
export * from './health.js';
export * from './collateral-proof.js';
export * from './partner.js';
export * from './brands.js';
