import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startFauxqs } from 'fauxqs';

export interface S3Server {
  /** The settings that point the app (or a spawned process) at this server's bucket. */
  env: {
    S3_BUCKET: string;
    S3_ENDPOINT: string;
    S3_REGION: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
    S3_FORCE_PATH_STYLE: string;
  };
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A local S3-compatible server (fauxqs, in memory) on a free loopback port, with one bucket. */
export async function startS3Server(): Promise<S3Server> {
  const server = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
  const bucket = 'trustleaf-uploads';
  server.createBucket(bucket);
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: server.address,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  return {
    env,
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return keys;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await server.stop();
    },
  };
}
