import { describe, expect, it, vi } from 'vitest';
import { createSessionTimer } from '@/lib/session-timer';
import type { SessionTokens } from '@/stores/app-store';

const RECEIVED_AT = 1_000_000;

function setup(
  elapsedSeconds: number,
  session: SessionTokens | null = { accessToken: 't', expiresIn: 900, receivedAt: RECEIVED_AT },
) {
  const deps = {
    getSession: () => session,
    refresh: vi.fn(() => Promise.resolve()),
    expire: vi.fn(),
    now: () => RECEIVED_AT + elapsedSeconds * 1000,
  };
  return { timer: createSessionTimer(deps), deps };
}

describe('session timer (token rule)', () => {
  it('does nothing while plenty of lifetime remains', async () => {
    const { timer, deps } = setup(100);
    await expect(timer.check()).resolves.toBe('valid');
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(deps.expire).not.toHaveBeenCalled();
  });

  it('refreshes when less than the threshold remains', async () => {
    const { timer, deps } = setup(870);
    await expect(timer.check()).resolves.toBe('refresh');
    expect(deps.refresh).toHaveBeenCalledOnce();
  });

  it('runs one refresh at a time', async () => {
    const { timer, deps } = setup(870);
    await Promise.all([timer.check(), timer.check(), timer.check()]);
    expect(deps.refresh).toHaveBeenCalledOnce();
  });

  it('survives a failed refresh (the API client handles the 401)', async () => {
    const { timer, deps } = setup(870);
    deps.refresh.mockRejectedValueOnce(new Error('401'));
    await expect(timer.check()).resolves.toBe('refresh');
  });

  it('sends an expired session to sign-out', async () => {
    const { timer, deps } = setup(901);
    await expect(timer.check()).resolves.toBe('expired');
    expect(deps.expire).toHaveBeenCalledOnce();
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('ignores a signed-out tab', async () => {
    const { timer, deps } = setup(5000, null);
    await expect(timer.check()).resolves.toBe('signed-out');
    expect(deps.expire).not.toHaveBeenCalled();
  });
});
