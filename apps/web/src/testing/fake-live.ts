import { act } from '@testing-library/react';
import type { Socket } from 'socket.io-client';

type Listener = (payload: unknown) => void;

/**
 * The company's live channel as a test drives it: screens listen through `useLiveEvent` as in the
 * app, and `send` delivers an event to them as the server's room would.
 */
export function createFakeLive() {
  const listeners = new Map<string, Set<Listener>>();
  const socket = {
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return socket;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
  };
  return {
    // Only `on` and `off` are used by the listeners (`useLiveEvent`).
    socket: socket as unknown as Socket,
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
    send(event: string, payload: unknown) {
      act(() => {
        for (const listener of listeners.get(event) ?? []) listener(payload);
      });
    },
  };
}

export type FakeLive = ReturnType<typeof createFakeLive>;
