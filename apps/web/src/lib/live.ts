import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/**
 * Spec 3 §7/§9 "Live channel": reconnect up to 50 times, 2 s apart, never waiting over 10 s.
 * A WebSocket first (one request, where HTTP long-polling takes four or five before its upgrade),
 * long-polling only where a WebSocket cannot open.
 */
export const LIVE_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket', 'polling'] as ManagerOptions['transports'],
  tryAllTransports: true,
  reconnectionAttempts: 50,
  reconnectionDelay: 2000,
  reconnectionDelayMax: 10_000,
} satisfies Partial<ManagerOptions & SocketOptions>;

export type LiveAck = { ok: true } | { ok: false; message: string };

export interface LiveConnectionOptions {
  token: string;
  plCompanyId: number | null;
  url?: string;
  onSubscribeRefused?: (message: string) => void;
}

/**
 * One socket per signed-in tab. The company room is (re)joined after every connect, because a
 * reconnect gets a fresh server-side socket that has left every room.
 */
export function createLiveConnection(options: LiveConnectionOptions): Socket {
  const socket = io(options.url ?? '', { ...LIVE_OPTIONS, auth: { token: options.token } });
  socket.on('connect', () => {
    if (options.plCompanyId == null) return;
    socket.emit('subscribe', { plCompanyId: options.plCompanyId }, (ack: LiveAck | undefined) => {
      if (ack && !ack.ok) options.onSubscribeRefused?.(ack.message);
    });
  });
  return socket;
}

/** A refreshed access token must be the one the next reconnect handshake presents. */
export function updateLiveToken(socket: Socket, token: string): void {
  socket.auth = { token };
}
