import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live. Local disk by default; an S3-compatible backend implements the same
 * four calls. Keys are generated here, never taken from a file name.
 */
export interface Storage {
  newKey(): string;
  put(key: string, source: Readable): Promise<number>;
  read(key: string): Promise<Buffer>;
  open(key: string): Readable;
  remove(key: string): Promise<void>;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  return {
    newKey() {
      // The content type lives in the files table; keys carry no name or extension from the user.
      return `${new Date().toISOString().slice(0, 10)}/${randomUUID()}`;
    },
    async put(key, source) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.part`;
      try {
        await pipeline(source, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return (await stat(target)).size;
    },
    read: (key) => readFile(resolve(key)),
    open: (key) => createReadStream(resolve(key)),
    remove: (key) => rm(resolve(key), { force: true }),
  };
}

/** Short-lived download links: the key and expiry signed with the server's secret. */
export function createLinkSigner(secret: string) {
  const mac = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`file:${key}:${expires}`).digest('base64url');
  return {
    sign(key: string, expires: number): string {
      return mac(key, expires);
    },
    verify(key: string, expires: number, signature: string, now: number): boolean {
      if (!Number.isFinite(expires) || expires < now) return false;
      const expected = Buffer.from(mac(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
