import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_INTERVAL_MS, createSessionTimer, isAccessTokenStale } from '@/lib/session-timer';
import type { SessionTokens } from '@/stores/app-store';

const RECEIVED_AT = 1_000_000;

function setup(
  elapsedSeconds: number,
  session: SessionTokens | null = { accessToken: 't', expiresIn: 900, receivedAt: RECEIVED_AT },
) {
  const deps = {
    getSession: () => session,
    refresh: vi.fn(() => Promise.resolve()),
    now: () => RECEIVED_AT + elapsedSeconds * 1000,
  };
  return { timer: createSessionTimer(deps), deps };
}

describe('session timer (token rule)', () => {
  it('does nothing while plenty of lifetime remains', async () => {
    const { timer, deps } = setup(100);
    await expect(timer.check()).resolves.toBe('valid');
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('refreshes when less than the threshold remains', async () => {
    const { timer, deps } = setup(870);
    await expect(timer.check()).resolves.toBe('refresh');
    expect(deps.refresh).toHaveBeenCalledOnce();
  });

  it('survives a failed refresh (the API client decides whether the session is over)', async () => {
    const { timer, deps } = setup(870);
    deps.refresh.mockRejectedValueOnce(new Error('offline'));
    await expect(timer.check()).resolves.toBe('refresh');
  });

  it('refreshes an access token that ran out instead of ending the session', async () => {
    const { timer, deps } = setup(901);
    await expect(timer.check()).resolves.toBe('expired');
    expect(deps.refresh).toHaveBeenCalledOnce();
  });

  it('ignores a signed-out tab', async () => {
    const { timer, deps } = setup(5000, null);
    await expect(timer.check()).resolves.toBe('signed-out');
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('tells a stale token by the wall clock', () => {
    const session = { accessToken: 't', expiresIn: 900, receivedAt: RECEIVED_AT };
    expect(isAccessTokenStale(session, RECEIVED_AT + 100_000)).toBe(false);
    expect(isAccessTokenStale(session, RECEIVED_AT + 850_000)).toBe(true);
    expect(isAccessTokenStale(session, RECEIVED_AT + 20 * 60_000)).toBe(true);
    expect(isAccessTokenStale(null)).toBe(false);
  });
});

describe('session timer after the machine sleeps', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A session received now, watched by the timer on the real window and document (jsdom). */
  function watchFromNow() {
    vi.useFakeTimers({ now: new Date('2026-01-05T09:00:00Z') });
    const session: SessionTokens = { accessToken: 't', expiresIn: 900, receivedAt: Date.now() };
    const refresh = vi.fn(() => Promise.resolve());
    const timer = createSessionTimer({ getSession: () => session, refresh });
    const stop = timer.watch();
    return { refresh, stop };
  }

  /** Sleep: the wall clock jumps, but no timer ran meanwhile. */
  function sleep(ms: number) {
    vi.setSystemTime(Date.now() + ms);
  }

  it('refreshes on focus after 20 minutes asleep, before any timer fires', () => {
    const { refresh, stop } = watchFromNow();
    expect(refresh).not.toHaveBeenCalled();
    sleep(20 * 60_000);
    window.dispatchEvent(new Event('focus'));
    expect(refresh).toHaveBeenCalledOnce();
    stop();
  });

  it('refreshes when the tab becomes visible again (spec 1 §2)', () => {
    const { refresh, stop } = watchFromNow();
    sleep(20 * 60_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(refresh).toHaveBeenCalledOnce();
    stop();
  });

  it('refreshes on the first timer tick after a wake', () => {
    const { refresh, stop } = watchFromNow();
    sleep(20 * 60_000);
    vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS);
    expect(refresh).toHaveBeenCalledOnce();
    stop();
  });

  it('refreshes ahead of expiry while awake, and not before', () => {
    const { refresh, stop } = watchFromNow();
    vi.advanceTimersByTime(800_000);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalled();
    stop();
  });

  it('stops listening once stopped (signed out)', () => {
    const { refresh, stop } = watchFromNow();
    stop();
    sleep(20 * 60_000);
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS);
    expect(refresh).not.toHaveBeenCalled();
  });
});
