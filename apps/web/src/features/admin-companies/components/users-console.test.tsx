import { screen, within } from '@testing-library/react';
import { userListing } from '@trustleaf/domain/api/admin';
import type { UserListingRow } from '@trustleaf/domain/schemas/admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { UsersConsole } from './users-console';
import { SUPER_ADMIN_PROFILE } from '@/testing/profile-fixtures';

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
  server.use(answer(userListing, { items: [row(1, 'Ada'), row(2, 'Bob')], total: 2 }));
});

describe('admin users console', { timeout: 20_000 }, () => {
  it("offers Disable and End sessions on other users' rows, never on the admin's own", async () => {
    renderApp(<UsersConsole />, { session: SUPER_ADMIN_PROFILE });
    const list = await screen.findByTestId('admin-users-list', {}, WAIT);
    const [own, other] = await within(list).findAllByRole('listitem', {}, WAIT);
    expect(within(own!).queryByRole('button')).toBeNull();
    expect(within(own!).getByText('You')).toBeTruthy();
    expect(within(other!).getByRole('button', { name: 'Disable Bob Tester' })).toBeTruthy();
    expect(within(other!).getByRole('button', { name: 'End sessions – Bob Tester' })).toBeTruthy();
  });
});
