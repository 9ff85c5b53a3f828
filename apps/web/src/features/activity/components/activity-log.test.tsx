import { screen } from '@testing-library/react';
import { userActivity } from '@trustleaf/domain/api/profile';
import { describe, expect, it } from 'vitest';
import { ActivityLog } from '@/features/activity/components/activity-log';
import { answer, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';

const WAIT = { timeout: 10_000 };

describe('activity log', { timeout: 20_000 }, () => {
  it('times each entry in Eastern time, as the rest of the app does, whatever the device’s zone', async () => {
    server.use(
      answer(userActivity, {
        items: [
          {
            plActivityId: 1,
            createdAt: '2026-12-07T23:23:16.000Z',
            action: 'SIGN_IN',
            actorName: 'Grace Valley',
            actorEmail: 'owner@greenvalley.example',
            subjectName: null,
            plCompanyId: null,
            detail: {},
            ip: '127.0.0.1',
            userAgent: null,
          },
        ],
        total: 1,
      }),
    );
    renderApp(<ActivityLog plCompanyId={5} isOwner />, { session: 'signed-in' });
    const time = await screen.findByText('December 7, 2026 at 6:23 PM', {}, WAIT);
    expect(time.getAttribute('datetime')).toBe('2026-12-07T23:23:16.000Z');
  });
});
