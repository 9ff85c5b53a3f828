import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { UserListingRow } from '@trustleaf/domain/schemas/admin';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_ACCOUNT, useAppStore } from '@/stores/app-store';
import { UsersConsole } from './users-console';
import '@/lib/i18n';

/** Rendering waits on fetches and MUI transitions: generous on a loaded machine. */
const WAIT = { timeout: 10_000 };

const row = (plUserId: number, firstName: string): UserListingRow => ({
  plUserId,
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}@example.test`,
  isSuperAdmin: plUserId === 1,
  status: 'ACTIVE',
  plCompanyId: null,
  companyName: null,
  role: null,
  pendingEmail: null,
  activeSessions: 2,
  createdAt: '2026-11-25T00:00:00.000Z',
});

beforeEach(() => {
  useAppStore.setState({
    account: {
      ...EMPTY_ACCOUNT,
      currentUser: {
        plUserId: 1,
        firstName: 'Ada',
        lastName: 'Tester',
        email: 'ada@example.test',
        roles: [{ name: 'Super Admin' }],
        memberOfCompany: null,
      },
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ detail: { items: [row(1, 'Ada'), row(2, 'Bob')], total: 2 } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.setState({ account: EMPTY_ACCOUNT });
});

describe('admin users console', { timeout: 20_000 }, () => {
  it("offers Disable and End sessions on other users' rows, never on the admin's own", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <UsersConsole />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    const list = await screen.findByTestId('admin-users-list', {}, WAIT);
    const [own, other] = await within(list).findAllByRole('listitem', {}, WAIT);
    expect(within(own!).queryByRole('button')).toBeNull();
    expect(within(own!).getByText('You')).toBeTruthy();
    expect(within(other!).getByRole('button', { name: 'Disable Bob Tester' })).toBeTruthy();
    expect(within(other!).getByRole('button', { name: 'End sessions – Bob Tester' })).toBeTruthy();
  });
});
