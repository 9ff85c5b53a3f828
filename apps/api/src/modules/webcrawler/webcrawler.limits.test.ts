import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInlineQueue } from '../../lib/jobs.ts';
import { signedInOwner } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { MAX_UNFINISHED_SCANS } from './webcrawler.service.ts';

// The scans are queued and never run (no worker takes them), so every started scan stays unfinished.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    jobs: { ...createInlineQueue(), enqueue: async () => null },
  });
});
afterAll(() => t?.close());

describe('unfinished scans per company', () => {
  it('holds under concurrent starts: of many at once, only the limit is queued', async () => {
    const owner = await signedInOwner(t.app, t.database.db);
    const attempts = MAX_UNFINISHED_SCANS + 15;
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/webcrawler/scanUrl',
          headers: { authorization: `Bearer ${owner.token}` },
          payload: { plCompanyId: owner.companyId, url: `http://shop.example.test/page-${i}` },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_UNFINISHED_SCANS);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(attempts - MAX_UNFINISHED_SCANS);
    expect(refused[0]!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      messages: ['Too many scans are waiting; wait for them to finish'],
      details: { reason: 'MAX_UNFINISHED_SCANS' },
    });
    const { rows } = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from scan_jobs where company_id = $1 and status = 'queued'`,
      [owner.companyId],
    );
    expect(rows[0]!.n).toBe(MAX_UNFINISHED_SCANS);
  });
});
