import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { AuthContext, CompanyAccess } from '../lib/authz.ts';
import type { TokenSigner } from '../lib/tokens.ts';
import { resolveAccessToken } from '../plugins/auth.ts';

const SubscribeSchema = z.object({ plCompanyId: z.number().int().positive() });

export const companyRoom = (companyId: number) => `company:${companyId}`;
/** Every socket of one sign-in, and of one user: what a revocation disconnects. */
const signInRoom = (familyId: string) => `sign-in:${familyId}`;
const userRoom = (userId: number) => `user:${userId}`;

/** Where the live channel's PostgreSQL messages too large for NOTIFY go (migration 0005). */
const LIVE_OPTIONS = { channelPrefix: 'trustleaf-live', tableName: 'socket_io_attachments' } as const;

/**
 * The adapter's connections: a small pool for NOTIFY and attachments, and its LISTEN connection as a
 * client of our own. The adapter acquires that client in the background, so a server closed right
 * after it started (tests, a failed start) may close before the adapter holds it; closing here ends
 * it either way, and a reconnection asked for after close never connects.
 */
function adapterConnections(databaseUrl: string): { pool: pg.Pool; close(): Promise<void> } {
  // One connection, so NOTIFYs leave in the order the events were sent.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on('error', () => undefined);
  const listeners = new Set<pg.Client>();
  let closed = false;
  const forAdapter = {
    query: (text: string, values?: unknown[]) => pool.query(text, values),
    async connect() {
      if (closed) return new Promise<never>(() => undefined);
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      listeners.add(client);
      await client.connect();
      return Object.assign(client, {
        release() {
          listeners.delete(client);
          void client.end().catch(() => undefined);
        },
      });
    },
  };
  return {
    pool: forAdapter as unknown as pg.Pool,
    async close() {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

export type LiveAck = { ok: true } | { ok: false; message: string };

export interface Live {
  io: Server;
  /** Sends an event to every socket subscribed to the company (spec 3 §7 "Live channel"). */
  toCompany(companyId: number, event: string, payload: unknown): void;
  /**
   * Disconnects the sockets of a revoked sign-in (logout, a reused refresh token), or of every
   * sign-in of a user (password reset, removal from a company), in every process: the request goes
   * through the PostgreSQL adapter. Call it once the revocation is committed.
   */
  endSignIn(familyId: string): Promise<void>;
  endUserSignIns(userId: number): Promise<void>;
  close(): Promise<void>;
}

/** What services send through the live channel; the same in the server and in `npm run worker`. */
export type LiveEvents = Pick<Live, 'toCompany' | 'endSignIn' | 'endUserSignIns'>;

/** Never throws: the revocation is committed either way, and the request that made it must not fail. */
async function disconnectRoom(io: Server, room: string): Promise<void> {
  try {
    // The cluster adapter's disconnectSockets returns a promise once the request is published.
    await (io.in(room).disconnectSockets(true) as unknown as Promise<void> | undefined);
  } catch {
    // The adapter logs its own connection failures.
  }
}

/** The events every process sends through a socket.io server, to the rooms of a company, a sign-in or a user. */
function roomEvents(io: Server): LiveEvents {
  return {
    toCompany(companyId, event, payload) {
      io.to(companyRoom(companyId)).emit(event, payload);
    },
    async endSignIn(familyId) {
      await disconnectRoom(io, signInRoom(familyId));
    },
    async endUserSignIns(userId) {
      await disconnectRoom(io, userRoom(userId));
    },
  };
}

/**
 * socket.io on the API's HTTP server. The handshake carries the access token (`auth.token`); a socket
 * may subscribe only to a company its user belongs to (a super admin to any). Events travel between
 * processes through PostgreSQL (LISTEN/NOTIFY, socket.io's postgres adapter), so a job running in
 * `npm run worker` or on another API instance reaches the browser as well (see `createLiveEmitter`).
 */
export function createLive(
  server: HttpServer,
  deps: { db: Db; tokens: TokenSigner; companyAccess: CompanyAccess; databaseUrl: string },
): Live {
  const connections = adapterConnections(deps.databaseUrl);
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    adapter: createAdapter(connections.pool, LIVE_OPTIONS),
  });

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown>).token;
    if (typeof token !== 'string') return next(new Error('Unauthorized'));
    resolveAccessToken(deps.db, deps.tokens, token).then(
      (auth) => {
        if (!auth) return next(new Error('Unauthorized'));
        (socket.data as { auth?: AuthContext }).auth = auth;
        next();
      },
      () => next(new Error('Unauthorized')),
    );
  });

  io.on('connection', (socket) => {
    const auth = (socket.data as { auth: AuthContext }).auth;
    // Joined before the sign-in is read again: a revocation committed after that read reaches this
    // socket through its rooms, and one committed before it is seen by the read. Either way the
    // socket does not outlive its sign-in. A reconnection is a new handshake, checked the same way.
    void socket.join([signInRoom(auth.familyId), userRoom(auth.userId)]);
    resolveAccessToken(deps.db, deps.tokens, (socket.handshake.auth as { token: string }).token).then(
      (current) => {
        if (!current) socket.disconnect(true);
      },
      () => socket.disconnect(true),
    );
    const handle = (join: boolean) => (raw: unknown, ack?: (result: LiveAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = SubscribeSchema.safeParse(raw);
      if (!parsed.success) return reply({ ok: false, message: 'plCompanyId is required' });
      const { plCompanyId } = parsed.data;
      if (!join) {
        void socket.leave(companyRoom(plCompanyId));
        return reply({ ok: true });
      }
      deps.companyAccess.require(auth, plCompanyId).then(
        async () => {
          await socket.join(companyRoom(plCompanyId));
          reply({ ok: true });
        },
        () => reply({ ok: false, message: 'You cannot subscribe to this company' }),
      );
    };
    socket.on('subscribe', handle(true));
    socket.on('unsubscribe', handle(false));
  });

  return {
    io,
    ...roomEvents(io),
    async close() {
      io.disconnectSockets(true);
      await io.close().catch(() => undefined);
      await connections.close();
    },
  };
}

/**
 * For processes without sockets (`npm run worker`): a socket.io server that listens on nothing, on
 * the same PostgreSQL adapter, so its company events and sign-in revocations reach every API process.
 */
export function createLiveEmitter(databaseUrl: string): LiveEvents & Pick<Live, 'close'> {
  const connections = adapterConnections(databaseUrl);
  const io = new Server({ serveClient: false, adapter: createAdapter(connections.pool, LIVE_OPTIONS) });
  return {
    ...roomEvents(io),
    async close() {
      await io.close().catch(() => undefined);
      await connections.close();
    },
  };
}
