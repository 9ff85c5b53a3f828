import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decodeSeal, publicSealJwk, sealKeyId, signSeal, verifySeal, type SealPayload } from '../src/seal.ts';
import { verifyMain } from '../src/verify-cli.ts';

const ISSUER = 'https://trust.example.test';
const NOW = new Date('2026-11-25T12:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function keyPair() {
  return generateKeyPairSync('ed25519');
}

function payload(overrides: Partial<SealPayload> = {}): SealPayload {
  return {
    iss: ISSUER,
    sub: 'company:7',
    jti: '0b6f1a52-5a57-4e55-9b0e-3c1c7f6a0a11',
    iat: seconds(NOW) - 60,
    nbf: seconds(NOW) - 60,
    exp: seconds(NOW) + 3600,
    company: { id: 7, name: 'Green Valley Hemp Co.', profileUrl: `${ISSUER}/trust/green-valley-7` },
    claims: {
      requiredDocuments: [{ type: 'USDA Hemp License', status: 'accepted', expires: '2027-01-31' }],
      subscriptionActive: true,
      verifiedSealFeature: true,
    },
    ...overrides,
  };
}

describe('seal attestation', () => {
  const issuer = keyPair();
  const keys = { keys: [publicSealJwk(issuer.publicKey)] };

  it('verifies a seal signed with a published key inside its window', () => {
    const token = signSeal(payload(), issuer.privateKey);
    const verdict = verifySeal(token, { keys, revocations: { revoked: [] }, now: NOW, issuer: ISSUER });
    expect(verdict).toMatchObject({ valid: true, kid: sealKeyId(issuer.publicKey) });
    expect(decodeSeal(token)?.header).toMatchObject({ alg: 'EdDSA', typ: 'trustleaf-seal+jwt' });
  });

  it('refuses an expired seal, and one not valid yet', () => {
    const expired = signSeal(payload({ exp: seconds(NOW) }), issuer.privateKey);
    expect(verifySeal(expired, { keys, now: NOW })).toMatchObject({ valid: false, reason: 'expired' });
    const future = signSeal(payload({ nbf: seconds(NOW) + 3000 }), issuer.privateKey);
    expect(verifySeal(future, { keys, now: NOW })).toMatchObject({ valid: false, reason: 'not-yet-valid' });
  });

  it('refuses a tampered seal: any changed claim breaks the signature', () => {
    const token = signSeal(payload(), issuer.privateKey);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...payload(),
        exp: seconds(NOW) + 365 * 86400,
        company: { id: 8, name: 'Other', profileUrl: '' },
      }),
    ).toString('base64url');
    expect(verifySeal(`${header}.${forged}.${signature}`, { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a revoked seal', () => {
    const token = signSeal(payload(), issuer.privateKey);
    const revocations = {
      revoked: [{ jti: payload().jti, revokedAt: NOW.toISOString(), reason: 'document expired' }],
    };
    expect(verifySeal(token, { keys, revocations, now: NOW })).toMatchObject({
      valid: false,
      reason: 'revoked',
    });
  });

  it('refuses a seal signed with another key, whether it names its own key id or the published one', () => {
    const other = keyPair();
    const own = signSeal(payload(), other.privateKey);
    expect(verifySeal(own, { keys, now: NOW })).toMatchObject({ valid: false, reason: 'unknown-key' });
    // Same header (the published kid) but another key's signature.
    const [, body] = own.split('.');
    const [header] = signSeal(payload(), issuer.privateKey).split('.');
    const [, , otherSignature] = own.split('.');
    expect(verifySeal(`${header}.${body}.${otherSignature}`, { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a seal from another issuer than the one trusted, and anything that is not a seal', () => {
    const token = signSeal(payload({ iss: 'https://elsewhere.test' }), issuer.privateKey);
    expect(verifySeal(token, { keys, now: NOW, issuer: ISSUER })).toMatchObject({ reason: 'wrong-issuer' });
    expect(verifySeal('not.a.seal', { keys, now: NOW })).toEqual({ valid: false, reason: 'malformed' });
    expect(verifySeal('', { keys, now: NOW })).toEqual({ valid: false, reason: 'malformed' });
  });
});

describe('trustleaf-scan verify (offline, with files)', () => {
  const issuer = keyPair();
  const dir = mkdtempSync(path.join(tmpdir(), 'seal-verify-'));
  const keysFile = path.join(dir, 'keys.json');
  const revocationsFile = path.join(dir, 'revocations.json');
  writeFileSync(keysFile, JSON.stringify({ keys: [publicSealJwk(issuer.publicKey)] }));

  async function verifyFile(token: string, revoked: string[] = []) {
    const sealFile = path.join(dir, `seal-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(sealFile, JSON.stringify({ seal: token }));
    writeFileSync(
      revocationsFile,
      JSON.stringify({
        issuer: ISSUER,
        generatedAt: NOW.toISOString(),
        revoked: revoked.map((jti) => ({ jti, revokedAt: NOW.toISOString(), reason: 'test' })),
      }),
    );
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const code = await verifyMain(
      [sealFile, '--keys', keysFile, '--revocations', revocationsFile, '--at', NOW.toISOString(), '--json'],
      out,
      new PassThrough(),
    );
    return {
      code,
      verdict: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { valid: boolean; reason?: string },
    };
  }

  it('exits 0 for a valid seal and 4 with the reason otherwise', async () => {
    const token = signSeal(payload(), issuer.privateKey);
    expect(await verifyFile(token)).toMatchObject({ code: 0, verdict: { valid: true } });
    expect(await verifyFile(token, [payload().jti])).toMatchObject({
      code: 4,
      verdict: { valid: false, reason: 'revoked' },
    });
    const expired = signSeal(payload({ exp: seconds(NOW) - 1 }), issuer.privateKey);
    expect(await verifyFile(expired)).toMatchObject({ code: 4, verdict: { reason: 'expired' } });
  });

  it('exits 2 on wrong usage', async () => {
    expect(await verifyMain([], new PassThrough(), new PassThrough())).toBe(2);
  });
});
