import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { api } from '@/lib/api';
import { useAppStore } from '@/stores/app-store';

export interface LiveContextValue {
  socket: Socket | null;
  isConnected: boolean;
}

/** Exported for tests, which put a fake socket in it (`renderApp({ live })`). */
export const LiveContext = createContext<LiveContextValue>({ socket: null, isConnected: false });

/**
 * Connects only while signed in (it lives inside the protected layout) and disconnects when that
 * layout unmounts, which is what sign-out does.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const hasSession = useAppStore((state) => state.session !== null);
  const plCompanyId = useAppStore(
    (state) =>
      state.account.currentAdminSelectedCompany?.plCompanyId ??
      state.account.currentCompany?.plCompanyId ??
      null,
  );
  const [socket, setSocket] = useState<Socket | null>(null);
  const [isConnected, setIsConnected] = useState(false);

  useEffect(() => {
    if (!hasSession || !useAppStore.getState().session) return;
    /*
     * The socket client is a chunk of its own, loaded once the signed-in page is up: the page's first
     * render neither waits for it nor evaluates it, and the connection starts in a task of its own.
     */
    let stop: (() => void) | null = null;
    let ended = false;
    void import('@/lib/live')
      .then(({ createLiveConnection, updateLiveToken }) => {
        const token = useAppStore.getState().session?.accessToken;
        if (ended || !token) return;
        const connection = createLiveConnection({
          token,
          plCompanyId,
          onSubscribeRefused: (message) => console.warn(`Live channel: ${message}`),
        });
        const onConnect = () => setIsConnected(true);
        const onDisconnect = (reason: Socket.DisconnectReason) => {
          setIsConnected(false);
          // The server ends the sockets of a revoked sign-in (removal from the company, a password change
          // elsewhere, "sign out of every other device"): ask the API at once, whose 401 signs this tab out.
          if (reason === 'io server disconnect') {
            void import('@trustleaf/domain/api/auth')
              .then(({ getMyProfile }) => api.call(getMyProfile, {}))
              .catch(() => undefined);
          }
        };
        connection.on('connect', onConnect);
        connection.on('disconnect', onDisconnect);
        const unsubscribe = useAppStore.subscribe((state, previous) => {
          const next = state.session?.accessToken;
          if (next && next !== previous.session?.accessToken) updateLiveToken(connection, next);
        });
        setSocket(connection);
        stop = () => {
          unsubscribe();
          connection.disconnect();
        };
      })
      .catch((error: unknown) => {
        // Its code did not load or it could not start: the screens still poll (scan progress every 7 s).
        console.warn('Live channel: not started', error);
      });
    return () => {
      ended = true;
      stop?.();
      setSocket(null);
      setIsConnected(false);
    };
  }, [hasSession, plCompanyId]);

  return <LiveContext.Provider value={{ socket, isConnected }}>{children}</LiveContext.Provider>;
}

export function useLiveStatus(): boolean {
  return useContext(LiveContext).isConnected;
}

/** Listen to a company-room event (e.g. 'upload-progress') for as long as the component is mounted. */
export function useLiveEvent<T = unknown>(event: string, handler: (payload: T) => void): void {
  const { socket } = useContext(LiveContext);
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: T) => handlerRef.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
