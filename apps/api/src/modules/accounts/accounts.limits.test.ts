import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { mailOutbox } from '../../db/schema.ts';
import { createAttemptLimiter } from '../../lib/attempt-limiter.ts';
import type * as Crypto from '../../lib/crypto.ts';
import { REGISTER_RATE_LIMIT_MESSAGE, REGISTER_REQUESTS_PER_MINUTE } from './accounts.routes.ts';
import { MAX_REGISTRATIONS_PER_HOUR_PER_IP } from './accounts.service.ts';
import { MAX_CODE_FAILURES } from './sign-up-codes.ts';

// Counts the password hashes the app computes, to show which requests are refused before hashing.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/crypto.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Crypto>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count++;
      return original.hashPassword(password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  hashes.count = 0;
});

let counter = 0;
const newEmail = () => `limits-${Date.now().toString(36)}-${counter++}@example.test`;
const requestCode = (email: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/auth/signUpCode?email=${encodeURIComponent(email)}&firstName=Ada`,
  });
const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const statuses = (responses: { statusCode: number }[]) =>
  responses.map((r) => r.statusCode).sort((a, b) => a - b);

async function mailsTo(email: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}

async function codeFor(email: string) {
  expect((await requestCode(email)).statusCode).toBe(200);
  return /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1]!;
}

const registration = (email: string) => ({
  email,
  password: 'Correct-Horse-42!',
  firstName: 'Ada',
  lastName: 'Lovelace',
  acceptedEula: true,
  plSegmentIds: [2],
});

describe('limits under concurrent requests', () => {
  it('compares at most 5 of 20 parallel guesses at a sign-up code', async () => {
    const email = newEmail();
    const code = await codeFor(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/auth/verifySignUpCode', { email, signUpCode: wrong })),
    );
    // Four "wrong code" answers with tries left, the fifth wrong try ends the code, the rest are refused.
    expect(statuses(guesses)).toEqual([
      ...Array<number>(MAX_CODE_FAILURES - 1).fill(400),
      ...Array<number>(20 - MAX_CODE_FAILURES + 1).fill(429),
    ]);
    expect((await post('/api/auth/verifySignUpCode', { email, signUpCode: code })).statusCode).toBe(429);
  });

  it('sends one code for 10 parallel resend requests', async () => {
    const email = newEmail();
    const responses = await Promise.all(Array.from({ length: 10 }, () => requestCode(email)));
    expect(statuses(responses)).toEqual([200, ...Array<number>(9).fill(429)]);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('counts parallel registrations from one address, and hashes only those it lets through', async () => {
    const ip = '10.20.0.1';
    const limiter = createAttemptLimiter(t.database.db);
    for (let i = 0; i < MAX_REGISTRATIONS_PER_HOUR_PER_IP - 2; i++) {
      await limiter.take(
        `register:ip:${ip}`,
        { limit: MAX_REGISTRATIONS_PER_HOUR_PER_IP, windowMs: 3600_000 },
        t.clock.now(),
      );
    }
    const emails = Array.from({ length: 5 }, newEmail);
    for (const email of emails) {
      const code = await codeFor(email);
      expect((await post('/api/auth/verifySignUpCode', { email, signUpCode: code })).statusCode).toBe(200);
    }
    hashes.count = 0;
    const responses = await Promise.all(
      emails.map((email) => post('/api/user/register', registration(email), ip)),
    );
    expect(statuses(responses)).toEqual([200, 200, 429, 429, 429]);
    expect(responses.find((r) => r.statusCode === 429)!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      messages: ['Too many registrations from this network. Please try again in an hour.'],
    });
    expect(hashes.count).toBe(2);
    // Another address is not affected.
    const refused = emails.filter((_, i) => responses[i]!.statusCode === 429);
    expect((await post('/api/user/register', registration(refused[0]!), '10.20.0.2')).statusCode).toBe(200);
  });

  it('checks the email and the verification before it hashes the password', async () => {
    const taken = await createUser(t.database.db);
    const unverified = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/user/register', registration(newEmail()))),
    );
    expect(statuses(unverified)).toEqual(Array<number>(20).fill(400));
    expect(unverified[0]!.json()).toMatchObject({
      messages: ['Please verify your email before registering'],
    });
    const duplicate = await post('/api/user/register', registration(taken.email));
    expect(duplicate.statusCode).toBe(409);
    expect(hashes.count).toBe(0);
  });

  it('refuses a flood of registration requests from one address before reading them', async () => {
    const ip = '10.20.0.3';
    const responses = await Promise.all(
      Array.from({ length: REGISTER_REQUESTS_PER_MINUTE + 10 }, () =>
        post('/api/user/register', registration(newEmail()), ip),
      ),
    );
    // At most the limit get through (a burst that overruns it may be refused whole).
    const through = responses.filter((r) => r.statusCode !== 429);
    expect(through.length).toBeLessThanOrEqual(REGISTER_REQUESTS_PER_MINUTE);
    expect(through.every((r) => r.statusCode === 400)).toBe(true);
    expect(responses.find((r) => r.statusCode === 429)!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      messages: [REGISTER_RATE_LIMIT_MESSAGE],
    });
  });
});
