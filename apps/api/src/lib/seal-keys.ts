import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publicSealJwk, sealKeyId, type SealJwk } from '@trustleaf/scanner/seal';
import type { Env } from '../config/env.ts';

export interface SealKeys {
  privateKey: KeyObject;
  keyId: string;
  /** The published key set: the signing key first, then retired keys still verifying old seals. */
  published: SealJwk[];
}

function parsePrivateKey(text: string): KeyObject {
  const pem = text.includes('-----BEGIN') ? text : Buffer.from(text, 'base64').toString('utf8');
  const key = createPrivateKey(pem.replace(/\\n/g, '\n'));
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('SEAL_PRIVATE_KEY must be an Ed25519 private key');
  return key;
}

function retiredKeys(list: string | undefined): SealJwk[] {
  if (!list) return [];
  return list
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => publicSealJwk(createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })));
}

/**
 * The seal's signing key: SEAL_PRIVATE_KEY when set; otherwise a key generated once into DATA_DIR
 * and kept, so seals signed before a restart still verify. Several processes on several machines
 * must share one key: set SEAL_PRIVATE_KEY there.
 */
export function loadSealKeys(
  env: Pick<Env, 'SEAL_PRIVATE_KEY' | 'SEAL_RETIRED_PUBLIC_KEYS' | 'DATA_DIR'>,
): SealKeys {
  let privateKey: KeyObject;
  if (env.SEAL_PRIVATE_KEY) {
    privateKey = parsePrivateKey(env.SEAL_PRIVATE_KEY);
  } else {
    const file = path.resolve(env.DATA_DIR, 'seal-ed25519.pem');
    if (existsSync(file)) {
      privateKey = parsePrivateKey(readFileSync(file, 'utf8'));
    } else {
      privateKey = generateKeyPairSync('ed25519').privateKey;
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    }
  }
  const publicKey = createPublicKey(privateKey);
  const keyId = sealKeyId(publicKey);
  const published = [publicSealJwk(publicKey), ...retiredKeys(env.SEAL_RETIRED_PUBLIC_KEYS)].filter(
    (key, index, all) => all.findIndex((k) => k.kid === key.kid) === index,
  );
  return { privateKey, keyId, published };
}

/** A key that lives as long as the process: for tests and tools that never publish what it signs. */
export function throwawaySealKeys(): SealKeys {
  const privateKey = generateKeyPairSync('ed25519').privateKey;
  const publicKey = createPublicKey(privateKey);
  return { privateKey, keyId: sealKeyId(publicKey), published: [publicSealJwk(publicKey)] };
}
