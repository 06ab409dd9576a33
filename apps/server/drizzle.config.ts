import { defineConfig } from 'drizzle-kit';

// Generating migrations needs no database: drizzle-kit diffs the schema against the snapshots in
// src/db/migrations/meta.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
