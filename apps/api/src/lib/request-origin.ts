import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Where a request came from, as the activity log records it (issue 20 "from where"). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

const NO_ORIGIN: RequestOrigin = { ip: null, userAgent: null };
const USER_AGENT_MAX = 512;
const storage = new AsyncLocalStorage<{ ip: string; userAgent: string | undefined }>();

/**
 * The origin of the request being handled; none for jobs. Kept in async context so that services
 * record it without each taking the request (services never see Fastify types, STYLE §2), and so the
 * modules that record activity (auth, billing, documents, webcrawler) keep their signatures.
 */
export function requestOrigin(): RequestOrigin {
  const current = storage.getStore();
  if (!current) return NO_ORIGIN;
  return { ip: current.ip, userAgent: current.userAgent?.slice(0, USER_AGENT_MAX) ?? null };
}

/**
 * Entered in the last hook before the handler: the body has been read by then (a stream's events
 * would otherwise run outside the context), and the handler runs inside the callback.
 */
export function registerRequestOrigin(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ ip: request.ip, userAgent: request.headers['user-agent'] }, done);
  });
}
