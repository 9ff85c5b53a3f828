import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { refusal } from './errors.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/**
 * Where uploaded bytes live: local disk by default, S3-compatible object storage by configuration
 * (`createStorage`). Keys are generated here, never taken from a file name.
 */
export interface Storage {
  newKey(): string;
  /** Stores the stream's bytes under the key (visible only once complete); resolves to their count. */
  put(key: string, source: Readable): Promise<number>;
  read(key: string): Promise<Buffer>;
  /**
   * The stored bytes as a stream, for answers that pass them on without holding the file; a key with
   * no bytes is NOT_FOUND before anything is sent.
   */
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /**
   * Removes partial writes left by a process that died mid-upload and untouched since `before`.
   * Returns how many were removed.
   */
  removeStalePartials(before: Date): Promise<number>;
  /** Releases connections (the app's close). */
  close(): void;
}

const PARTIAL_SUFFIX = '.part';

/** Keys are `YYYY-MM-DD/<uuid>`: a day's folder, then a name no user chose. */
export function newStorageKey(): string {
  // The content type lives in the files table; keys carry no name or extension from the user.
  return `${new Date().toISOString().slice(0, 10)}/${randomUUID()}`;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  return {
    newKey: newStorageKey,
    async put(key, source) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}${PARTIAL_SUFFIX}`;
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
    async open(key) {
      try {
        return (await open(resolve(key))).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw refusal('NOT_FOUND', COMMON_REFUSALS.fileNotFound);
        throw error;
      }
    },
    remove: (key) => rm(resolve(key), { force: true }),
    /** `.part` files untouched since `before` (a live write touches its file with every chunk). */
    async removeStalePartials(before) {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith(PARTIAL_SUFFIX)) continue;
        const full = path.join(entry.parentPath, entry.name);
        const stats = await stat(full).catch(() => null);
        if (!stats || stats.mtime >= before) continue;
        await rm(full, { force: true });
        removed += 1;
      }
      return removed;
    },
    close() {},
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
    /**
     * Throws unless the link stands: 403 "This link is not valid" when its signature does not match
     * (the link was altered, or signed with another secret), "This link has expired" only for a link
     * the server signed that is past its time. The expiry is signed too: it cannot be moved.
     */
    assertValid(key: string, expires: number, signature: string, now: number): void {
      const expected = Buffer.from(Number.isFinite(expires) ? mac(key, expires) : '');
      const given = Buffer.from(signature);
      if (expected.length === 0 || expected.length !== given.length || !timingSafeEqual(expected, given))
        throw refusal('FORBIDDEN', COMMON_REFUSALS.linkInvalid);
      if (expires < now) throw refusal('FORBIDDEN', COMMON_REFUSALS.linkExpired);
    },
  };
}
