import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JoinCompanyRoute } from '@/app/routes/app/join-company';
import { paths } from '@/config/paths';
import { setNavigator } from '@/lib/api';
import { EMPTY_ACCOUNT, useAppStore } from '@/stores/app-store';
import '@/lib/i18n';

/** Rendering waits on fetches and MUI transitions: generous on a loaded machine. */
const WAIT = { timeout: 10_000 };

const PROFILE = {
  currentUser: {
    plUserId: 7,
    firstName: 'Jo',
    lastName: 'Member',
    email: 'jo@example.test',
    roles: [],
    memberOfCompany: { plCompanyId: 42, roles: ['User'] },
  },
  currentCompany: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let joinAnswer: Response;
const navigate = vi.fn();
beforeEach(() => {
  joinAnswer = json(200, { detail: { plCompanyId: 42 } });
  fetchMock = vi.fn<typeof fetch>(async (url) => {
    const path = url as string;
    if (path.endsWith('/getInviteMemberCodeDetail')) {
      return json(200, {
        detail: {
          email: 'jo@example.test',
          role: 'User',
          plCompanyId: 42,
          companyName: 'Acme Hemp',
          invitedBy: 'Ada Owner',
        },
      });
    }
    if (path.endsWith('/joinCompany')) return joinAnswer;
    if (path.endsWith('/getMyProfile')) return json(200, { detail: PROFILE });
    return json(404, { messages: ['Not found'], code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  navigate.mockReset();
  setNavigator(navigate);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.setState({ account: EMPTY_ACCOUNT });
});

function renderAt(url: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <JoinCompanyRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const bodyOf = (suffix: string) => {
  const call = fetchMock.mock.calls.find(([url]) => (url as string).endsWith(suffix));
  return call ? (JSON.parse(call[1]?.body as string) as unknown) : null;
};

describe('/join-company (spec 3 §7 joinCompany)', { timeout: 20_000 }, () => {
  it('shows the invite, joins with the token, loads the new profile and opens the team', async () => {
    renderAt('/join-company?inviteToken=tok-123');
    expect(
      await screen.findByText('Ada Owner invited you to join Acme Hemp as User.', {}, WAIT),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(paths.account.memberSetting.getHref()), WAIT);
    expect(bodyOf('/getInviteMemberCodeDetail')).toEqual({ inviteMemberCode: 'tok-123' });
    expect(bodyOf('/joinCompany')).toEqual({ inviteToken: 'tok-123' });
    expect(useAppStore.getState().account.currentUser?.memberOfCompany?.plCompanyId).toBe(42);
  });

  it("shows the server's refusal and stays on the page", async () => {
    joinAnswer = json(403, { messages: ['You were removed from this company'], code: 'FORBIDDEN' });
    renderAt('/join-company?inviteToken=tok-123');
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }, WAIT));
    expect(await screen.findByText('You were removed from this company', {}, WAIT)).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says the invitation is invalid without a token, asking nothing of the server', () => {
    renderAt('/join-company');
    expect(screen.getByText('This invitation is invalid or has expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
