import { expect, type APIRequestContext } from '@playwright/test';

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

/** The password of every company account `companyAccount` makes. */
export const COMPANY_PASSWORD = 'Company-Passw0rd-2026!';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A POST that must answer 200; its `detail`. */
export async function postOk(request: APIRequestContext, url: string, data: object, token?: string) {
  const response = await request.post(url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { detail: Record<string, unknown> }).detail;
}

/** The text of the newest mail to an address, waited for. */
export async function lastMailText(request: APIRequestContext, to: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      text = (await readMailbox(request, to)).at(-1)?.text ?? '';
      return text;
    })
    .toBeTruthy();
  return text;
}

/** The text of the first mail to an address after the `seen` it already had, waited for. */
async function nextMailText(request: APIRequestContext, to: string, seen: number): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      text = (await readMailbox(request, to)).at(seen)?.text ?? '';
      return text;
    })
    .toBeTruthy();
  return text;
}

/**
 * A client address from the benchmarking range (RFC 2544), a new one per account. The test server
 * believes X-Forwarded-For from loopback (playwright.config.ts), so the accounts the journeys make
 * count against different addresses, as people signing up from their own networks do; the hourly
 * per-address cap itself is tested in the API's accounts.limits.test.ts.
 */
function clientAddress(): string {
  const part = () => Math.floor(Math.random() * 256);
  return `198.18.${part()}.${part()}`;
}

export interface NewPerson {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Registers through the API as the sign-up form does (the emailed code, verify, register), with the
 * rest of the register payload in `extra` (a company, an invite code); returns a signed-in token.
 */
export async function registerViaApi(request: APIRequestContext, person: NewPerson, extra: object = {}) {
  const { email, firstName, lastName } = person;
  const seen = (await readMailbox(request, email)).length;
  const query = new URLSearchParams({ email, firstName, lastName });
  expect((await request.get(`/api/auth/signUpCode?${query.toString()}`)).status()).toBe(200);
  const signUpCode = /\b(\d{6})\b/.exec(await nextMailText(request, email, seen))![1]!;
  await postOk(request, '/api/auth/verifySignUpCode', { email, signUpCode });
  const registered = await request.post('/api/user/register', {
    data: { ...person, acceptedEula: true, ...extra },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(registered.status(), `/api/user/register: ${await registered.text()}`).toBe(200);
  return (await postOk(request, '/api/auth/login', { email, password: person.password }))
    .accessToken as string;
}

/**
 * A new company through the API, as the sign-up form makes one; with `plan`, subscribed to it by a
 * sandbox card. Without a plan the company may scan but not view the issues.
 */
export async function companyAccount(request: APIRequestContext, plan?: 'Pro') {
  const email = `company-${unique()}@example.test`;
  const companyName = `Test Farms ${unique()}`;
  const person = { email, password: COMPANY_PASSWORD, firstName: 'Wendy', lastName: 'Crawler' };
  const token = await registerViaApi(request, person, {
    company: {
      name: companyName,
      companyType: 'RETAILER',
      officeAddress: { address: '', city: 'Denver', state: 'CO', zip: '', country: 'US' },
    },
  });
  const profile = await postOk(request, '/api/user/getMyProfile', {}, token);
  const plCompanyId = (profile.currentCompany as { plCompanyId: number }).plCompanyId;
  if (plan) {
    const tokenised = await request.post('/sandbox-gateway/tokens', {
      data: { ccnumber: '4242424242424242', cvv: '123', ccexp: '12/34' },
    });
    expect(tokenised.status()).toBe(200);
    const paymentToken = ((await tokenised.json()) as { token: string }).token;
    await postOk(
      request,
      '/api/company/updateCompanyPaymentMethod',
      {
        plCompanyId,
        paymentToken,
        firstName: 'Wendy',
        lastName: 'Crawler',
        billingAddressLine1: '1 Main St',
        billingCity: 'Denver',
        billingState: 'CO',
        billingZip: '80202',
        billingCountry: 'US',
      },
      token,
    );
    const listing = await postOk(request, '/api/plan/planListing', { plCompanyId }, token);
    const plans = listing.items as { plPlanId: number; name: string }[];
    const plPlanId = plans.find((p) => p.name === plan)!.plPlanId;
    await postOk(
      request,
      '/api/subscription/startSubscription',
      { plCompanyId, plPlanId, paymentFrequency: 'MONTHLY' },
      token,
    );
  }
  return { email, companyName, plCompanyId };
}
