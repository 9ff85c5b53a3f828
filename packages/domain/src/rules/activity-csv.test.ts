import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../schemas/activity.ts';
import { activityCsv } from './activity-csv.ts';

const entry = (overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  plActivityId: 1,
  createdAt: '2026-11-25T07:00:00.000Z',
  action: 'MEMBER_ROLE_CHANGED',
  actorName: 'Ada Lovelace',
  actorEmail: 'ada@example.test',
  subjectName: 'Grace, "Amazing" Hopper',
  plCompanyId: 3,
  detail: { from: 'User', to: 'Weak User' },
  ip: '127.0.0.1',
  userAgent: '=HYPERLINK("http://x")',
  ...overrides,
});

describe('activityCsv', () => {
  it('writes a header and one quoted, escaped row per entry', () => {
    const csv = activityCsv([entry()], (action) => `label:${action}`);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('Date,Action,By,Email,Member,Details,IP address,Device');
    expect(row).toBe(
      `2026-11-25T07:00:00.000Z,label:MEMBER_ROLE_CHANGED,Ada Lovelace,ada@example.test,"Grace, ""Amazing"" Hopper",from: User; to: Weak User,127.0.0.1,"'=HYPERLINK(""http://x"")"`,
    );
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const csv = activityCsv([entry({ actorName: '+1', subjectName: '@SUM(A1)', userAgent: '-2' })], String);
    expect(csv).toContain(",'+1,");
    expect(csv).toContain(",'@SUM(A1),");
    expect(csv).toContain(",'-2\r\n");
  });
});
