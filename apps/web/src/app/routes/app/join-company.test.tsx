import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getMyProfile } from '@trustleaf/domain/api/auth';
import { getInviteMemberCodeDetail, joinCompany } from '@trustleaf/domain/api/team';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JoinCompanyRoute } from '@/app/routes/app/join-company';
import { paths } from '@/config/paths';
import { setNavigator } from '@/lib/api';
import { useAppStore } from '@/stores/app-store';
import { apiError, handle, sentRequests, sentTo, server } from '@/testing/msw';
import { SIGNED_IN_PROFILE, renderApp } from '@/testing/test-utils';

/** Rendering waits on fetches and MUI transitions: generous on a loaded machine. */
const WAIT = { timeout: 10_000 };

/** The signed-in member, a User of company 42 once joined, as the profile reads before the company loads. */
const PROFILE = {
  currentUser: { ...SIGNED_IN_PROFILE.currentUser, memberOfCompany: { plCompanyId: 42, roles: ['User'] } },
  currentCompany: null,
};

let joinAnswer: () => Response | { plCompanyId: number };
const navigate = vi.fn();
beforeEach(() => {
  joinAnswer = () => ({ plCompanyId: 42 });
  server.use(
    handle(getInviteMemberCodeDetail, () => ({
      email: 'jo@example.test',
      role: 'User',
      plCompanyId: 42,
      companyName: 'Acme Hemp',
      invitedBy: 'Ada Owner',
    })),
    handle(joinCompany, () => joinAnswer()),
    handle(getMyProfile, () => PROFILE),
  );
  navigate.mockReset();
  setNavigator(navigate);
});

function renderAt(url: string) {
  renderApp(<JoinCompanyRoute />, { route: url });
}

const bodyOf = (contract: Parameters<typeof sentTo>[0]) => sentTo(contract)[0] ?? null;

describe('/join-company (spec 3 §7 joinCompany)', { timeout: 20_000 }, () => {
  it('shows the invite, joins with the token, loads the new profile and opens the team', async () => {
    renderAt('/join-company?inviteToken=tok-123');
    expect(
      await screen.findByText('Ada Owner invited you to join Acme Hemp as User.', {}, WAIT),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(paths.account.memberSetting.getHref()), WAIT);
    expect(bodyOf(getInviteMemberCodeDetail)).toEqual({ inviteMemberCode: 'tok-123' });
    expect(bodyOf(joinCompany)).toEqual({ inviteToken: 'tok-123' });
    expect(useAppStore.getState().account.currentUser?.memberOfCompany?.plCompanyId).toBe(42);
  });

  it("shows the server's refusal and stays on the page", async () => {
    joinAnswer = () => apiError(403, 'FORBIDDEN', 'You were removed from this company');
    renderAt('/join-company?inviteToken=tok-123');
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }, WAIT));
    expect(await screen.findByText('You were removed from this company', {}, WAIT)).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says the invitation is invalid without a token, asking nothing of the server', () => {
    renderAt('/join-company');
    expect(screen.getByText('This invitation is invalid or has expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(sentRequests()).toEqual([]);
  });
});
