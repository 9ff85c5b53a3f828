import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { attemptCounters } from '../../db/schema.ts';
import { createInlineQueue, type JobDefinition } from '../../lib/jobs.ts';
import { ATTEMPT_COUNTER_QUIET_MS } from './auth.jobs.ts';

let t: TestApp;
const registered: JobDefinition<never>[] = [];
beforeAll(async () => {
  const inline = createInlineQueue();
  t = await buildTestApp({
    jobs: { ...inline, register: (definitions) => void registered.push(...definitions) },
  });
});
afterAll(() => t.close());

const failSignIn = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Not-the-password-1!' },
    remoteAddress: ip,
  });

const countersOf = async (keys: string[]) =>
  (await t.database.db.select().from(attemptCounters).where(inArray(attemptCounters.key, keys))).map(
    (row) => row.key,
  );

describe('forgetting quiet attempt counters', () => {
  it('runs daily and forgets counters quiet for a day, keeping the ones still counting', async () => {
    const job = registered.find((d) => d.name === 'auth.forget-quiet-attempts')!;
    expect(job.cron).toBe('45 3 * * *');
    const old = await createUser(t.database.db);
    const recent = await createUser(t.database.db);
    expect((await failSignIn(old.email, '10.7.0.1')).statusCode).toBe(401);
    const oldKeys = await t.database.db
      .select({ key: attemptCounters.key })
      .from(attemptCounters)
      .then((rows) =>
        rows.map((row) => row.key).filter((key) => key.includes('10.7.0.1') || key.includes(old.email)),
      );
    expect(oldKeys.length).toBeGreaterThan(0);

    t.clock.advance(ATTEMPT_COUNTER_QUIET_MS + 60 * 60 * 1000);
    expect((await failSignIn(recent.email, '10.7.0.2')).statusCode).toBe(401);
    t.clock.advance(ATTEMPT_COUNTER_QUIET_MS - 60 * 60 * 1000);
    const recentKeys = (await t.database.db.select({ key: attemptCounters.key }).from(attemptCounters))
      .map((row) => row.key)
      .filter((key) => key.includes('10.7.0.2') || key.includes(recent.email));
    expect(recentKeys.length).toBeGreaterThan(0);

    // pg-boss sends null as a scheduled run's payload.
    await job.handler(null as never);
    expect(await countersOf(oldKeys)).toEqual([]);
    expect((await countersOf(recentKeys)).sort()).toEqual([...recentKeys].sort());
  });
});
