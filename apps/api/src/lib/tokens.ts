import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  familyId: string;
}

export interface TokenSigner {
  sign(claims: AccessClaims, ttlSeconds: number): Promise<string>;
  verify(token: string): Promise<AccessClaims | null>;
}

export function createTokenSigner(secret: string): TokenSigner {
  // Imported once: handing jose raw bytes would import the HMAC key again on every request.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign({ userId, familyId }, ttlSeconds) {
      return new SignJWT({ sid: familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
        return { userId, familyId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
