import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * The Trustleaf verified seal as a signed attestation (issue 21): a JWS in compact form (RFC 7515,
 * `alg: EdDSA` over Ed25519, RFC 8037) whose payload names the issuer, the company, what was verified
 * and a validity window. Anyone holding the issuer's published key set verifies it offline; the
 * issuer's revocation list withdraws a seal before its window ends. The server and the
 * `trustleaf-scan verify` command both decide with `verifySeal`, so they cannot disagree.
 */

export const SEAL_JWS_TYPE = 'trustleaf-seal+jwt';
export const SEAL_KEYS_PATH = '/.well-known/trustleaf-seal-keys.json';
export const SEAL_REVOCATIONS_PATH = '/.well-known/trustleaf-seal-revocations.json';
/** Tolerated clock difference for `nbf` only: a verifier a little behind the issuer still accepts a fresh seal. */
export const SEAL_NOT_BEFORE_LEEWAY_SECONDS = 120;

export interface SealDocumentClaim {
  /** The document type's name, e.g. "State Cannabis License". */
  type: string;
  status: 'accepted';
  /** Expiration day (yyyy-MM-dd, platform time zone) or null when the type has none. */
  expires: string | null;
}

export interface SealPayload {
  /** The issuing Trustleaf instance (its public URL). */
  iss: string;
  /** `company:<id>` */
  sub: string;
  /** The attestation's id: what the revocation list names. */
  jti: string;
  iat: number;
  nbf: number;
  exp: number;
  company: { id: number; name: string; profileUrl: string };
  claims: {
    /** Every document the company's business type requires, each accepted by a reviewer and unexpired. */
    requiredDocuments: SealDocumentClaim[];
    /** The subscription is active (paid or in trial). */
    subscriptionActive: true;
    /** The plan includes the verified seal. */
    verifiedSealFeature: true;
  };
}

export interface SealJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
}

export interface SealKeySet {
  keys: SealJwk[];
}

export interface SealRevocation {
  jti: string;
  revokedAt: string;
  reason: string;
}

export interface SealRevocationList {
  issuer: string;
  generatedAt: string;
  revoked: SealRevocation[];
}

export type SealFailure =
  'malformed' | 'unknown-key' | 'bad-signature' | 'wrong-issuer' | 'not-yet-valid' | 'expired' | 'revoked';

export type SealVerdict =
  | { valid: true; kid: string; payload: SealPayload }
  | { valid: false; reason: SealFailure; kid?: string; payload?: SealPayload };

export const SEAL_FAILURE_TEXT: Record<SealFailure, string> = {
  malformed: 'This is not a Trustleaf seal.',
  'unknown-key': 'The seal was signed with a key the issuer does not publish.',
  'bad-signature': 'The signature does not match: the seal was altered or signed with another key.',
  'wrong-issuer': 'The seal was issued by someone else.',
  'not-yet-valid': 'The seal is not valid yet.',
  expired: 'The seal has expired.',
  revoked: 'The seal was revoked by its issuer.',
};

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** RFC 7638 thumbprint of an Ed25519 public key: its key id. */
export function sealKeyId(publicKey: KeyObject): string {
  const { x } = publicKey.export({ format: 'jwk' }) as { x: string };
  const canonical = JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x });
  return createHash('sha256').update(canonical).digest('base64url');
}

export function publicSealJwk(publicKey: KeyObject): SealJwk {
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('The seal key must be an Ed25519 key');
  const { x } = publicKey.export({ format: 'jwk' }) as { x: string };
  return { kty: 'OKP', crv: 'Ed25519', x, kid: sealKeyId(publicKey), use: 'sig', alg: 'EdDSA' };
}

export function signSeal(payload: SealPayload, privateKey: KeyObject): string {
  const kid = sealKeyId(createPublicKey(privateKey));
  const header = b64(JSON.stringify({ alg: 'EdDSA', typ: SEAL_JWS_TYPE, kid }));
  const body = b64(JSON.stringify(payload));
  const signature = sign(null, Buffer.from(`${header}.${body}`), privateKey);
  return `${header}.${body}.${b64(signature)}`;
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isPayload(value: unknown): value is SealPayload {
  if (!isRecord(value)) return false;
  const { company, claims } = value;
  return (
    typeof value.iss === 'string' &&
    typeof value.sub === 'string' &&
    typeof value.jti === 'string' &&
    ['iat', 'nbf', 'exp'].every((k) => Number.isFinite(value[k])) &&
    isRecord(company) &&
    Number.isInteger(company.id) &&
    typeof company.name === 'string' &&
    isRecord(claims) &&
    Array.isArray(claims.requiredDocuments)
  );
}

/** The parts of a compact seal, or null when it is not one (no signature is checked here). */
export function decodeSeal(
  token: string,
): { header: { alg: string; typ?: string; kid: string }; payload: SealPayload } | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  const header = parseJson(parts[0]!);
  const payload = parseJson(parts[1]!);
  if (!isRecord(header) || header.alg !== 'EdDSA' || typeof header.kid !== 'string') return null;
  if (!isPayload(payload)) return null;
  return { header: { alg: header.alg, kid: header.kid, typ: header.typ as string | undefined }, payload };
}

export interface VerifySealOptions {
  keys: SealKeySet;
  /** Absent: revocation is not checked (and the verdict says nothing about it). */
  revocations?: Pick<SealRevocationList, 'revoked'> | null;
  now: Date;
  /** The issuer the verifier trusts; absent, the seal's own `iss` is taken as it is. */
  issuer?: string;
}

function signatureMatches(token: string, jwk: SealJwk): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
    const [h, b, s] = token.trim().split('.');
    return verify(null, Buffer.from(`${h}.${b}`), key, Buffer.from(s!, 'base64url'));
  } catch {
    // A key or signature of the wrong shape is a signature that does not match.
    return false;
  }
}

/**
 * The one verification rule. Order: form, key id, signature, issuer, window, revocation. The window
 * comes before revocation because revocation lists drop seals once they have expired.
 */
export function verifySeal(token: string, options: VerifySealOptions): SealVerdict {
  const decoded = decodeSeal(token);
  if (!decoded) return { valid: false, reason: 'malformed' };
  const { header, payload } = decoded;
  const kid = header.kid;
  const jwk = options.keys.keys.find((k) => k.kid === kid && k.kty === 'OKP' && k.crv === 'Ed25519');
  if (!jwk) return { valid: false, reason: 'unknown-key', kid, payload };
  if (!signatureMatches(token, jwk)) return { valid: false, reason: 'bad-signature', kid, payload };
  if (options.issuer !== undefined && trimSlash(payload.iss) !== trimSlash(options.issuer)) {
    return { valid: false, reason: 'wrong-issuer', kid, payload };
  }
  const now = Math.floor(options.now.getTime() / 1000);
  if (now + SEAL_NOT_BEFORE_LEEWAY_SECONDS < payload.nbf)
    return { valid: false, reason: 'not-yet-valid', kid, payload };
  if (now >= payload.exp) return { valid: false, reason: 'expired', kid, payload };
  if (options.revocations?.revoked.some((r) => r.jti === payload.jti)) {
    return { valid: false, reason: 'revoked', kid, payload };
  }
  return { valid: true, kid, payload };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
