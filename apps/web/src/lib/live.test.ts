import { describe, expect, it } from 'vitest';
import { LIVE_OPTIONS } from '@/lib/live';

describe('live channel settings', () => {
  it('reconnects up to 50 times, 2 s apart, at most 10 s', () => {
    expect(LIVE_OPTIONS).toMatchObject({
      path: '/socket.io',
      reconnectionAttempts: 50,
      reconnectionDelay: 2000,
      reconnectionDelayMax: 10_000,
    });
  });

  it('opens a WebSocket first and falls back to long-polling', () => {
    expect(LIVE_OPTIONS).toMatchObject({ transports: ['websocket', 'polling'], tryAllTransports: true });
  });
});
