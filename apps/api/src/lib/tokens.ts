import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessClaims {
  userId: number;
  familyId: string;
}

export interface TokenSigner {
  sign(claims: AccessClaims, ttlSeconds: number): Promise<string>;
  verify(token: string): Promise<AccessClaims | null>;
}

/**
 * HS256 access tokens with fast-jwt: verification is synchronous node:crypto, so the hot path of
 * every authenticated request takes no thread-pool hop (WebCrypto-based libraries do).
 */
export function createTokenSigner(secret: string): TokenSigner {
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  type Sign = (payload: { sid: string; sub: string }) => string;
  const signers = new Map<number, Sign>();
  const signerFor = (ttlSeconds: number): Sign => {
    const existing = signers.get(ttlSeconds);
    if (existing) return existing;
    const signer: Sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
    signers.set(ttlSeconds, signer);
    return signer;
  };
  return {
    async sign({ userId, familyId }, ttlSeconds) {
      return signerFor(ttlSeconds)({ sid: familyId, sub: String(userId) });
    },
    async verify(token) {
      try {
        const payload = verifier(token) as { sub?: unknown; sid?: unknown };
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
        return { userId, familyId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
