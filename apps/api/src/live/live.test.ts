import { eq } from 'drizzle-orm';
import { TEAM_CHANGED_EVENT } from '@trustleaf/domain/schemas/activity';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createMember, login } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildApp } from '../app.ts';
import { mailOutbox } from '../db/schema.ts';
import { createInlineQueue } from '../lib/jobs.ts';
import { createLiveEmitter, type LiveAck } from './live.ts';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

function open(token: string | undefined): Socket {
  const socket = connect(base, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });

const subscribe = (socket: Socket, plCompanyId: number) =>
  socket.emitWithAck('subscribe', { plCompanyId }) as Promise<LiveAck>;

describe('live channel', () => {
  it('refuses a connection without a valid access token', async () => {
    await expect(connected(open(undefined))).rejects.toThrow('Unauthorized');
    await expect(connected(open('forged.token.value'))).rejects.toThrow('Unauthorized');
  });

  it("joins the user's own company and refuses another company's room", async () => {
    const a = await createMember(t.database.db);
    const b = await createMember(t.database.db);
    const { accessToken } = await login(t.app, a.user.email);
    const socket = open(accessToken);
    await connected(socket);
    expect(await subscribe(socket, a.companyId)).toEqual({ ok: true });
    expect(await subscribe(socket, b.companyId)).toEqual({
      ok: false,
      message: 'You cannot subscribe to this company',
    });

    const received: unknown[] = [];
    socket.on('upload-progress', (payload) => received.push(payload));
    t.app.live.toCompany(b.companyId, 'upload-progress', { company: 'b' });
    t.app.live.toCompany(a.companyId, 'upload-progress', { company: 'a' });
    await expect.poll(() => received, { timeout: 5000 }).toEqual([{ company: 'a' }]);
  });

  it('delivers company events sent by another process (the worker) through PostgreSQL', async () => {
    const a = await createMember(t.database.db);
    const b = await createMember(t.database.db);
    const [tokenA, tokenB] = await Promise.all([login(t.app, a.user.email), login(t.app, b.user.email)]);
    const socketA = open(tokenA.accessToken);
    const socketB = open(tokenB.accessToken);
    await Promise.all([connected(socketA), connected(socketB)]);
    expect(await subscribe(socketA, a.companyId)).toEqual({ ok: true });
    expect(await subscribe(socketB, b.companyId)).toEqual({ ok: true });
    const receivedA: unknown[] = [];
    const receivedB: unknown[] = [];
    socketA.on('upload-progress', (payload) => receivedA.push(payload));
    socketB.on('upload-progress', (payload) => receivedB.push(payload));

    // What `npm run worker` does: no socket.io server, its own connections to the same database.
    const worker = createLiveEmitter(t.database.url);
    try {
      worker.toCompany(a.companyId, 'upload-progress', { done: 1, total: 3 });
      // Over NOTIFY's 8 KB payload limit: it travels through the attachments table instead.
      const large = { done: 2, total: 3, files: Array.from({ length: 400 }, (_, i) => `coa-${i}.pdf`) };
      worker.toCompany(a.companyId, 'upload-progress', large);
      await expect.poll(() => receivedA.length, { timeout: 10_000 }).toBe(2);
      expect(receivedA).toEqual([{ done: 1, total: 3 }, large]);
      expect(receivedB).toEqual([]);
    } finally {
      await worker.close();
    }
  });

  it('refuses a token whose sign-in was revoked', async () => {
    const a = await createMember(t.database.db);
    const { accessToken } = await login(t.app, a.user.email);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(accessToken) });
    await expect(connected(open(accessToken))).rejects.toThrow('Unauthorized');
  });
});

describe('team changes', () => {
  it("tell the company's open pages, and no other company's", async () => {
    const owner = await createMember(t.database.db);
    const other = await createMember(t.database.db);
    const member = await createMember(t.database.db, 'User', owner.companyId);
    const ownerToken = (await login(t.app, owner.user.email)).accessToken;
    const listen = async (email: string, companyId: number) => {
      const socket = open((await login(t.app, email)).accessToken);
      await connected(socket);
      expect(await subscribe(socket, companyId)).toEqual({ ok: true });
      const events: unknown[] = [];
      socket.on(TEAM_CHANGED_EVENT, (payload) => events.push(payload));
      return events;
    };
    const seen = await listen(member.user.email, owner.companyId);
    const unrelated = await listen(other.user.email, other.companyId);
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/company/inviteMember',
      payload: { plCompanyId: owner.companyId, email: `new-${owner.user.id}@example.test` },
      headers: bearer(ownerToken),
    });
    expect(invited.statusCode, invited.body).toBe(200);
    await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 5000, interval: 20 });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/company/changeMemberRole',
      payload: { plCompanyId: owner.companyId, plUserId: member.user.id, role: 'Weak User' },
      headers: bearer(ownerToken),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 5000, interval: 20 });
    expect(unrelated).toEqual([]);
  });
});

describe('a revoked sign-in loses its sockets', () => {
  const disconnected = (socket: Socket) =>
    vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: 5000, interval: 20 });

  async function openSubscribed(email: string, companyId: number) {
    const session = await login(t.app, email);
    const socket = open(session.accessToken);
    await connected(socket);
    expect(await subscribe(socket, companyId)).toEqual({ ok: true });
    return { socket, session };
  }

  it('on logout, and a reconnect with the same token is refused', async () => {
    const a = await createMember(t.database.db);
    const { socket, session } = await openSubscribed(a.user.email, a.companyId);
    const other = await openSubscribed(a.user.email, a.companyId);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.accessToken) });
    await disconnected(socket);
    // Only that sign-in: the user's other sign-in keeps its socket.
    expect(other.socket.connected).toBe(true);
    await expect(connected(open(session.accessToken))).rejects.toThrow('Unauthorized');
  });

  it('on a password reset, every sign-in of the user', async () => {
    const a = await createMember(t.database.db);
    const first = await openSubscribed(a.user.email, a.companyId);
    const second = await openSubscribed(a.user.email, a.companyId);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/requestResetPassword',
      payload: { email: a.user.email },
    });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.user.email));
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(mail!.text)![1]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user/resetPassword',
      payload: { token, password: 'Another-Passw0rd-42!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await Promise.all([disconnected(first.socket), disconnected(second.socket)]);
  });

  it('on removal from the company (a ban), and the removed user gets no more of its events', async () => {
    const owner = await createMember(t.database.db);
    const member = await createMember(t.database.db, 'User', owner.companyId);
    const ownerToken = (await login(t.app, owner.user.email)).accessToken;
    const { socket } = await openSubscribed(member.user.email, owner.companyId);
    const received: unknown[] = [];
    socket.on('upload-progress', (payload) => received.push(payload));
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/company/removeMember',
      payload: { plCompanyId: owner.companyId, plUserId: member.user.id },
      headers: bearer(ownerToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await disconnected(socket);
    t.app.live.toCompany(owner.companyId, 'upload-progress', { after: 'removal' });
    expect(received).toEqual([]);
  });

  it('when the sign-in is revoked by another API process (through PostgreSQL)', async () => {
    // A second API on the same database and signing key: the socket is on it, the logout on this one.
    const other = await buildApp({
      env: t.env,
      database: t.database,
      jobs: createInlineQueue(),
      mailTransport: null,
      clock: t.clock,
      tokenSecret: t.tokenSecret,
      releaseDate: '2026-11-22',
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = other.server.address();
      const otherBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const a = await createMember(t.database.db);
      const session = await login(t.app, a.user.email);
      const socket = connect(otherBase, {
        path: '/socket.io',
        auth: { token: session.accessToken },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      await connected(socket);
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.accessToken) });
      await disconnected(socket);
    } finally {
      await other.close();
    }
  });
});
