/**
 * Where files are kept.
 *
 * - STORAGE_DRIVER [postgres]: where uploaded IDs, generated PDFs and statements are kept (always
 *   encrypted, reachable from every instance): `postgres` (the stored_files table of the app's
 *   database, included in its backups) or `s3` (an S3-compatible bucket, for large volumes).
 * - STORAGE_DIR [DATA_DIR/uploads]: where versions before shared storage kept files on the local
 *   disk; what is found there is moved to the store at boot (or `npm run migrate-files`), once.
 *   Relative paths are resolved from the repository root.
 * - S3_BUCKET, S3_REGION [us-east-1], S3_ENDPOINT [AWS], S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
 *   S3_FORCE_PATH_STYLE [false]: the bucket when STORAGE_DRIVER=s3 (bucket and keys required then).
 */
import path from 'node:path';
import { z } from 'zod';
import { defineArea, ZBooleanText, ZHttpBaseUrl, ZNotEmpty } from './area.js';

export type TStorageConfig =
  | { driver: 'postgres' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      accessKeyId: string;
      secretAccessKey: string;
    };

export interface TFilesConfig {
  /** Where files are kept (encrypted): PostgreSQL or an S3-compatible bucket. */
  storage: TStorageConfig;
  /** Where older versions kept files on the local disk; moved to `storage` at boot. */
  localFilesDir: string;
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export const storageArea = defineArea({
  variables: z.object({
    STORAGE_DRIVER: z
      .string()
      .trim()
      .toLowerCase()
      .transform((value, ctx) => {
        if (value === 'postgres' || value === 's3') return value;
        ctx.addIssue({
          code: 'custom',
          message:
            value === 'local'
              ? "local is no longer offered (other instances cannot read one machine's disk): use postgres (the default) or s3; files found under STORAGE_DIR are moved at boot"
              : 'must be postgres or s3',
        });
        return z.NEVER;
      })
      .default('postgres'),
    STORAGE_DIR: ZNotEmpty.optional(),
    S3_BUCKET: ZNotEmpty.optional(),
    S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
      .default('us-east-1'),
    S3_ENDPOINT: ZHttpBaseUrl.optional(),
    S3_ACCESS_KEY_ID: ZNotEmpty.optional(),
    S3_SECRET_ACCESS_KEY: ZNotEmpty.optional(),
    S3_FORCE_PATH_STYLE: ZBooleanText.default(false),
  }),
  shown: ['STORAGE_DRIVER', 'S3_REGION', 'S3_FORCE_PATH_STYLE'],
  sandboxSecrets: ['S3_SECRET_ACCESS_KEY'],
  check: (env, context) =>
    env.STORAGE_DRIVER === 's3'
      ? S3_REQUIRED.filter((name) => !context.isSet(name)).map((name) => ({
          name,
          message: 'is required when STORAGE_DRIVER=s3',
        }))
      : [],
  build: (env, context): TFilesConfig => ({
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          }
        : { driver: 'postgres' },
    localFilesDir:
      env.STORAGE_DIR === undefined
        ? path.join(context.dataDir, 'uploads')
        : path.resolve(context.repoRoot, env.STORAGE_DIR),
  }),
});
