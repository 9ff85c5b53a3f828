import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACT_PATHS } from '../src/app.ts';
import { mailOutbox, refreshTokens, users } from '../src/db/schema.ts';
import { LOG_SERIALIZERS, redactUrl } from '../src/lib/log-serializers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { bearer, createMember, login, TEST_CARD_ADDRESS, TEST_PASSWORD } from './factories.ts';

/**
 * A representative run, logged at trace as the server's logger would log it: sign-up codes, reset
 * tokens, access and refresh tokens, a payment token, new passwords, and statements that fail in the
 * database with a payment token and a password hash among their values. No secret reaches the log.
 */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino(
    { level: 'trace', redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: LOG_SERIALIZERS },
    sink,
  );
  t = await buildTestApp({ loggerInstance: logger, env: { SANDBOX_TOKENS_PER_MINUTE: '10000' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const lastMail = async (to: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).at(-1)!.text;

describe('the log', () => {
  it('holds no code, token, password, hash or card detail, even of statements that failed', async () => {
    const secrets: string[] = [TEST_PASSWORD];

    const email = `log-secrets-${Date.now()}@example.test`;
    await t.app.inject({ method: 'GET', url: `/api/auth/signUpCode?email=${encodeURIComponent(email)}` });
    const code = /\b(\d{6})\b/.exec(await lastMail(email))![1]!;
    secrets.push(code);
    await post('/api/auth/verifySignUpCode', { email, signUpCode: code });

    const owner = await createMember(t.database.db);
    const session = await login(t.app, owner.user.email);
    secrets.push(session.accessToken, session.refreshToken);
    const refreshed = await post('/api/auth/refreshAccessToken', { refreshToken: session.refreshToken });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const fresh = refreshed.json().detail as { accessToken: string; refreshToken: string };
    secrets.push(fresh.accessToken, fresh.refreshToken);

    const card = { ccnumber: '4111 1111 1111 1111', cvv: '381', ccexp: '12/34' };
    secrets.push('4111111111111111', '4111 1111 1111 1111');
    const address = TEST_CARD_ADDRESS;
    const paymentToken = async () => {
      const token = (await post('/sandbox-gateway/tokens', card)).json<{ token: string }>().token;
      secrets.push(token);
      return token;
    };
    const saved = await post(
      '/api/company/updateCompanyPaymentMethod',
      { plCompanyId: owner.companyId, paymentToken: await paymentToken(), ...address },
      bearer(fresh.accessToken),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    await post('/api/user/requestResetPassword', { email: owner.user.email });
    const link = /https?:\/\/\S+/.exec(await lastMail(owner.user.email))![0];
    const resetToken = decodeURIComponent(new URL(link).searchParams.get('token')!);
    secrets.push(resetToken, encodeURIComponent(resetToken));
    // The page the emailed link opens is a request of its own.
    await t.app.inject({
      method: 'GET',
      url: `/auth/reset-password?token=${encodeURIComponent(resetToken)}`,
    });

    // Statements that fail in the database, with secrets among their values.
    await t.database.db.execute(
      sql`ALTER TABLE users ADD CONSTRAINT log_secrets_fail CHECK (password_hash = 'never') NOT VALID`,
    );
    await t.database.db.execute(
      sql`ALTER TABLE payment_methods ADD CONSTRAINT log_secrets_fail CHECK (company_id < 0) NOT VALID`,
    );
    try {
      const newPassword = 'Fresh-Secret-Passw0rd-91!';
      secrets.push(newPassword);
      const reset = await post('/api/user/resetPassword', { token: resetToken, password: newPassword });
      expect(reset.statusCode).toBe(500);
      const failedCard = await post(
        '/api/company/updateCompanyPaymentMethod',
        { plCompanyId: owner.companyId, paymentToken: await paymentToken(), ...address },
        bearer(fresh.accessToken),
      );
      expect(failedCard.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE users DROP CONSTRAINT log_secrets_fail`);
      await t.database.db.execute(sql`ALTER TABLE payment_methods DROP CONSTRAINT log_secrets_fail`);
    }

    // What the database keeps of them: password hashes and refresh-token hashes.
    for (const row of await t.database.db.select({ hash: users.passwordHash }).from(users))
      secrets.push(row.hash);
    for (const row of await t.database.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens))
      secrets.push(row.hash);

    const log = lines.join('');
    // The run was logged: requests, and both failures with their statements.
    expect(lines.filter((line) => line.includes('request failed'))).toHaveLength(2);
    expect(log).toContain('Failed query');
    for (const secret of secrets) expect(log.includes(secret), `the log contains ${secret}`).toBe(false);
    expect(log).not.toMatch(/\$argon2id\$|\$scrypt\$|scrypt:/);
  });

  it('redacts secret query values and keeps the others', () => {
    expect(redactUrl('/auth/reset-password?token=abc%2Fdef')).toBe(
      '/auth/reset-password?token=%5Bredacted%5D',
    );
    expect(redactUrl('/api/storage/file?key=k1&expires=99&sig=s1')).toBe(
      '/api/storage/file?key=%5Bredacted%5D&expires=99&sig=%5Bredacted%5D',
    );
    expect(redactUrl('/api/storage/preupload?mode=coa&plCompanyId=4')).toBe(
      '/api/storage/preupload?mode=coa&plCompanyId=4',
    );
  });
});
