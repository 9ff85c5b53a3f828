import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { refusal } from './errors.ts';
import { newStorageKey, type Storage } from './storage.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** Another provider's or a local server's address; AWS when absent. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** The SDK's default credential chain when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Only our own keys (`YYYY-MM-DD/<uuid>`): the bucket may hold other things. */
const OWN_KEY = /^\d{4}-\d{2}-\d{2}\/[0-9a-f-]{36}$/;

/**
 * Uploads in an S3-compatible bucket, so every API and worker process reads what another stored.
 * An object appears only once its upload completes; a multipart upload that fails is aborted, and one
 * whose process died is aborted by `removeStalePartials` at the next start.
 */
export function createS3Storage(config: S3StorageConfig): Storage {
  const Bucket = config.bucket;
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint
      ? {
          endpoint: config.endpoint,
          // Many S3-compatible servers refuse the checksums the SDK adds by default since 2025;
          // checksums are then sent only where the S3 API requires one.
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });

  async function get(key: string): Promise<Readable> {
    const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    if (!(Body instanceof Readable)) throw new Error('S3 answered without a body stream');
    return Body;
  }

  return {
    newKey: newStorageKey,
    async put(key, source) {
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // One part in flight at a time (5 MB); a small file is one PutObject.
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: counted }, queueSize: 1 });
      const [piped, uploaded] = await Promise.allSettled([
        pipeline(source, counted),
        upload.done().catch((error: unknown) => {
          // The source must not wait for a reader that has gone.
          counted.destroy(error as Error);
          throw error;
        }),
      ]);
      // The source's own error first: a size limit stops the source, and its code says why.
      if (piped.status === 'rejected') throw piped.reason;
      if (uploaded.status === 'rejected') throw uploaded.reason;
      return size;
    },
    async read(key) {
      const body = await get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async open(key) {
      try {
        return await get(key);
      } catch (error) {
        if (error instanceof NoSuchKey) throw refusal('NOT_FOUND', COMMON_REFUSALS.fileNotFound);
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async removeStalePartials(before) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      try {
        for (;;) {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }),
          );
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || !OWN_KEY.test(upload.Key)) continue;
            if (!upload.Initiated || upload.Initiated >= before) continue;
            await client.send(
              new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }),
            );
            removed += 1;
          }
          if (!page.IsTruncated) break;
          KeyMarker = page.NextKeyMarker;
          UploadIdMarker = page.NextUploadIdMarker;
        }
      } catch (error) {
        // Some S3-compatible servers do not list uploads; their own expiry rules clean up instead.
        if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
        throw error;
      }
      return removed;
    },
    close() {
      client.destroy();
    },
  };
}
