import path from 'node:path';
import type { Env } from '../config/env.ts';
import { createLocalStorage, type Storage } from './storage.ts';

/** The upload storage the configuration names: S3 when S3_BUCKET is set, else DATA_DIR/uploads. */
export async function createStorage(
  env: Pick<
    Env,
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): Promise<Storage> {
  if (!env.S3_BUCKET) return createLocalStorage(path.resolve(env.DATA_DIR, 'uploads'));
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  // Loaded only when configured: the SDK stays out of a local-disk process.
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
}
