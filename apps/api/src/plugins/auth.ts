import { AUTH_REFUSALS } from '@trustleaf/domain/refusals';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { sessionFamilies, users } from '../db/schema.ts';
import { liveSignIn, type AuthContext, type CompanyAccess } from '../lib/authz.ts';
import { refusal } from '../lib/errors.ts';
import type { AccessClaims, TokenSigner } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set by `verifyAccessToken`: the token is genuine, but its sign-in is not checked yet. */
    claims: AccessClaims | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** For routes whose own query checks the sign-in (one round trip instead of two). */
    verifyAccessToken: (request: FastifyRequest) => Promise<void>;
    /** The company gate, for the role checks routes make before validating their input. */
    companyAccess: CompanyAccess;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

// Runs on every authenticated request: prepared once per connection, so PostgreSQL plans it once.
const prepared = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
function prepareSessionLookup(db: Db) {
  return db
    .select({ email: users.email, isSuperAdmin: users.isSuperAdmin })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(liveSignIn())
    .prepare('auth_session_lookup');
}

/** Resolves an access token to the caller; a revoked sign-in (logout, reuse, removal) no longer works. */
export async function resolveAccessToken(
  db: Db,
  tokens: TokenSigner,
  token: string,
): Promise<AuthContext | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  let lookup = prepared.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    prepared.set(db, lookup);
  }
  const [row] = await lookup.execute({ familyId: claims.familyId, userId: claims.userId });
  if (!row) return null;
  return {
    userId: claims.userId,
    familyId: claims.familyId,
    email: row.email,
    isSuperAdmin: row.isSuperAdmin,
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; tokens: TokenSigner; companyAccess: CompanyAccess }) => {
    app.decorateRequest('auth', null);
    app.decorate('companyAccess', options.companyAccess);
    app.decorateRequest('claims', null);
    app.decorate('verifyAccessToken', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      const claims = token ? await options.tokens.verify(token) : null;
      if (!claims) throw refusal('UNAUTHENTICATED', AUTH_REFUSALS.sessionExpired);
      request.claims = claims;
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      const auth = token ? await resolveAccessToken(options.db, options.tokens, token) : null;
      if (!auth) throw refusal('UNAUTHENTICATED', AUTH_REFUSALS.sessionExpired);
      request.auth = auth;
    });
  },
  { name: 'auth' },
);

/** For handlers behind `onRequest: app.verifyAccessToken`: the token's claims, never null there. */
export function claimsOf(request: FastifyRequest): AccessClaims {
  if (!request.claims) throw refusal('UNAUTHENTICATED', AUTH_REFUSALS.sessionExpired);
  return request.claims;
}

/** For handlers behind `onRequest: app.authenticate`: the caller, never null there. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw refusal('UNAUTHENTICATED', AUTH_REFUSALS.sessionExpired);
  return request.auth;
}
