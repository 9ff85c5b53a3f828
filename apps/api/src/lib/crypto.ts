import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import pLimit from 'p-limit';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane. They travel with each hash. */
export const ARGON2_PARAMS = {
  // Algorithm.Argon2id: the package declares its enum `const`, which this build cannot read.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

/**
 * Hashing runs on libuv's thread pool, which file I/O shares (4 threads unless UV_THREADPOOL_SIZE says
 * otherwise). At most this many hashes run at once, so files always have threads left however many
 * sign-ins and registrations wait; the rest queue here, on the event loop, at no cost.
 */
export const PASSWORD_HASH_CONCURRENCY = 2;
const hashSlots = pLimit(PASSWORD_HASH_CONCURRENCY);

const normalise = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return hashSlots(() => argon2Hash(normalise(password), ARGON2_PARAMS));
}

/**
 * Verifies an argon2id hash, or a scrypt hash from before argon2id (see `needsRehash`). When
 * `abandoned` says the client has gone by the time a slot is free, nothing is computed (false): under
 * overload, the queue then works for clients that still wait instead of for those that gave up.
 */
export function verifyPassword(password: string, stored: string, abandoned = () => false): Promise<boolean> {
  return hashSlots(async () => {
    if (abandoned()) return false;
    if (stored.startsWith('$argon2')) return argon2Verify(stored, normalise(password)).catch(() => false);
    return verifyScrypt(password, stored);
  });
}

/** A hash made with other parameters or the older scheme: replace it at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(ARGON2_PREFIX);
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scryptAsync(normalise(password), Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/** Opaque secrets (refresh and reset tokens) are stored only as their SHA-256. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two stored hashes (of codes, tokens) in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Encrypts `plaintext` (AES-256-GCM) under a key derived from the secret `token`, which is stored only
 * as its SHA-256: the database alone cannot open it, the holder of the token can.
 */
export function sealWithToken(token: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function openWithToken(token: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(token), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const sealKey = (token: string) => createHash('sha256').update(`seal:${token}`).digest();
