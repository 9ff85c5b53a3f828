import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, login } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
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
