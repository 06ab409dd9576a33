/**
 * The database schema (drizzle), one file per area. Every change goes through a migration generated
 * by drizzle-kit (`npm -w @pledge/server run db:generate -- --name <what>`), committed in
 * src/db/migrations and applied at start.
 */
export * from './platform.js';
