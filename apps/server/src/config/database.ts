/**
 * The database: a PostgreSQL server, or the embedded one of development.
 *
 * - DATABASE_URL [unset]: a PostgreSQL URL; when unset an embedded PostgreSQL is started with its
 *   data in DATA_DIR/pg (never with NODE_ENV=production, which requires DATABASE_URL).
 * - EMBEDDED_PG_PORT [54329]: port of the embedded PostgreSQL.
 * - EMBEDDED_PG_STAT_STATEMENTS [false]: the embedded PostgreSQL loads pg_stat_statements (the
 *   bench reads each request's statements, rows, buffers and WAL from it).
 */
import { z } from 'zod';
import { defineArea, ZBooleanText, ZPort } from './area.js';

export interface TDatabaseConfig {
  /** Unset: the server starts an embedded PostgreSQL. */
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  embeddedPgStatStatements: boolean;
}

export const databaseArea = defineArea({
  variables: z.object({
    DATABASE_URL: z
      .string()
      .trim()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL')
      .optional(),
    EMBEDDED_PG_PORT: ZPort.default(54329),
    EMBEDDED_PG_STAT_STATEMENTS: ZBooleanText.default(false),
  }),
  shown: ['EMBEDDED_PG_PORT'],
  check: (_env, context) =>
    context.nodeEnv === 'production' && !context.isSet('DATABASE_URL')
      ? [
          {
            name: 'DATABASE_URL',
            message:
              'is required when NODE_ENV=production (the embedded PostgreSQL is for development only)',
          },
        ]
      : [],
  build: (env): TDatabaseConfig => ({
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    embeddedPgStatStatements: env.EMBEDDED_PG_STAT_STATEMENTS,
  }),
});
