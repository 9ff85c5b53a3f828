import type { APIRequestContext } from '@playwright/test';

/** The super admin the test server is started with (playwright.config.ts sets ADMIN_EMAIL/PASSWORD). */
export const E2E_ADMIN_EMAIL = 'e2e-admin@trustleaf.local';
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';

/** A demo account the seed creates; its password is random, so the reset journey sets one. */
export const DEMO_OWNER_EMAIL = 'owner@greenvalley.example';

/**
 * The demo company's plain member. The shell's reset journey uses it: other journeys reset the
 * owner's password, and reset emails are capped at three an hour per account.
 */
export const DEMO_MEMBER_EMAIL = 'member@greenvalley.example';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

const mailboxTokens = new Map<string, string>();

/**
 * The dev mailbox (`GET /api/dev/mailbox`) answers a signed-in super admin only, so the journeys read
 * sign-up codes and reset links as the test server's admin. The token is kept for the run and taken
 * again when it has expired.
 */
export async function readMailbox(
  request: APIRequestContext,
  to?: string,
  admin = { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
): Promise<OutboxMail[]> {
  const url = to ? `/api/dev/mailbox?to=${encodeURIComponent(to)}` : '/api/dev/mailbox';
  for (let attempt = 0; attempt < 2; attempt++) {
    let token = mailboxTokens.get(admin.email);
    if (!token) {
      const login = await request.post('/api/auth/login', { data: admin });
      if (!login.ok())
        throw new Error(`mailbox admin sign-in failed: ${login.status()} ${await login.text()}`);
      token = ((await login.json()) as { detail: { accessToken: string } }).detail.accessToken;
      mailboxTokens.set(admin.email, token);
    }
    const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status() === 401) {
      mailboxTokens.delete(admin.email);
      continue;
    }
    if (!response.ok()) throw new Error(`dev mailbox: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as { detail: OutboxMail[] }).detail;
  }
  throw new Error('dev mailbox: the admin session was refused twice');
}
