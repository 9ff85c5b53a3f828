import { screen } from '@testing-library/react';
import { getTeamMembers } from '@trustleaf/domain/api/team';
import { describe, it } from 'vitest';
import { TeamPanel } from '@/features/team/components/team-panel';
import { answer, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';

const WAIT = { timeout: 10_000 };

describe('team panel', { timeout: 20_000 }, () => {
  it('dates a pending invite’s expiry in Eastern time and the tables’ date format', async () => {
    server.use(
      answer(getTeamMembers, {
        members: [
          {
            plUserId: 1,
            firstName: 'Grace',
            lastName: 'Valley',
            email: 'owner@greenvalley.example',
            role: 'Company Owner',
            joinedAt: '2026-11-01T12:00:00.000Z',
          },
        ],
        invites: [
          {
            plInviteId: 7,
            email: 'colleague@example.com',
            role: 'User',
            invitedBy: 'Grace Valley',
            createdAt: '2026-12-08T02:30:00.000Z',
            // 02:30 on the 15th in UTC is still the 14th in New York.
            expiresAt: '2026-12-15T02:30:00.000Z',
            isExpired: false,
          },
        ],
        canManage: true,
        canTransferOwnership: true,
      }),
    );
    renderApp(<TeamPanel plCompanyId={5} currentUserId={1} onLeft={() => undefined} />, {
      session: 'signed-in',
    });
    await screen.findByText(/Expires Dec 14, 2026/, {}, WAIT);
  });
});
