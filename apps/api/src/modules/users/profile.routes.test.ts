import { eq } from 'drizzle-orm';
import { STRONG_PASSWORD_MESSAGE } from '@trustleaf/domain/rules/password';
import { PROFILE_FIELD_REFUSALS, PROFILE_MESSAGES } from '@trustleaf/domain/schemas/profile';
import { describe, expect, it } from 'vitest';
import { seedAdmin } from '../../db/seed.ts';
import { users } from '../../db/schema.ts';
import { createMember, lastMailTo, login, TEST_PASSWORD } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();
const post = t.post;
const NEW_PASSWORD = 'Another-Horse-43!';
let counter = 0;
const newAddress = () => `moved-${Date.now().toString(36)}-${counter++}@example.test`;
const issuesOf = (response: { json(): { details: { issues: { message: string }[] } } }) =>
  response.json().details.issues.map((issue) => issue.message);
const codeIn = async (email: string) =>
  /\b(\d{6})\b/.exec((await lastMailTo(t.database.db, email)).text)![1]!;

async function member() {
  const { user, companyId } = await createMember(t.database.db, 'User');
  const session = await login(t.app, user.email);
  return { user, companyId, token: session.accessToken, session };
}

describe('profile', () => {
  it('reads and updates names, phone and preferred language', async () => {
    const m = await member();
    const read = await post('/api/user/getUserDetail', { userId: m.user.id }, m.token);
    expect(read.json().detail).toMatchObject({
      email: m.user.email,
      preferredLanguage: 'en',
      pendingEmail: null,
    });
    const updated = await post(
      '/api/user/updateUserProfile',
      { firstName: ' Grace ', lastName: 'Hopper', phone: '(303) 555-0142', preferredLanguage: 'fr' },
      m.token,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().detail).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '(303) 555-0142',
      preferredLanguage: 'fr',
    });
    const bad = await post(
      '/api/user/updateUserProfile',
      { firstName: '', lastName: 'x'.repeat(256), phone: '12', preferredLanguage: 'es' },
      m.token,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a name with a control character or a line break by its key, and keeps the name stored', async () => {
    const m = await member();
    for (const firstName of ['Grace\u0000', 'Gr\u0007ace', '\u001b[2JGrace', 'Grace\nHopper']) {
      const refused = await post('/api/user/updateUserProfile', { firstName, lastName: 'Hopper' }, m.token);
      expect(refused.statusCode, JSON.stringify(firstName)).toBe(400);
      expect(refused.json().details.issues).toEqual([
        {
          field: 'firstName',
          key: 'profile.messages.nameControlCharacters',
          message: 'A name cannot contain line breaks or control characters',
        },
      ]);
    }
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, m.user.id));
    expect(stored!.firstName).toBe(m.user.firstName);
  });

  it('updates names and phone sent without a preferred language, keeping the language chosen', async () => {
    const m = await member();
    await post(
      '/api/user/updateUserProfile',
      { firstName: 'Grace', lastName: 'Hopper', preferredLanguage: 'de' },
      m.token,
    );
    const updated = await post(
      '/api/user/updateUserProfile',
      { firstName: 'Ada', lastName: 'Lovelace', phone: '' },
      m.token,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().detail).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '',
      preferredLanguage: 'de',
    });
  });

  it("answers another user's profile 404, except to a super admin", async () => {
    const a = await member();
    const b = await member();
    expect((await post('/api/user/getUserDetail', { userId: b.user.id }, a.token)).statusCode).toBe(404);
    await seedAdmin(t.database.db, { email: 'root-profile@example.test', password: 'Root-password-123!' });
    const root = await login(t.app, 'root-profile@example.test', 'Root-password-123!');
    const read = await post('/api/user/getUserDetail', { userId: b.user.id }, root.accessToken);
    expect(read.json().detail.email).toBe(b.user.email);
  });
});

describe('email change', () => {
  it('refuses a wrong current password and the same address on their fields, with their keys', async () => {
    const m = await member();
    const wrongPassword = await post(
      '/api/user/requestEmailChange',
      { newEmail: newAddress(), password: 'nope' },
      m.token,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().details.issues).toEqual([
      { field: 'password', ...PROFILE_FIELD_REFUSALS.passwordIncorrect },
    ]);
    const same = await post(
      '/api/user/requestEmailChange',
      { newEmail: m.user.email, password: TEST_PASSWORD },
      m.token,
    );
    expect(same.json().details.issues).toEqual([{ field: 'newEmail', ...PROFILE_FIELD_REFUSALS.sameEmail }]);
  });

  it('moves the account to the new address only with the code sent there, and tells the old one', async () => {
    const m = await member();
    const to = newAddress();
    const wrongPassword = await post(
      '/api/user/requestEmailChange',
      { newEmail: to, password: 'nope' },
      m.token,
    );
    expect(wrongPassword.json().messages).toEqual([PROFILE_MESSAGES.passwordIncorrect]);
    const asked = await post(
      '/api/user/requestEmailChange',
      { newEmail: to, password: TEST_PASSWORD },
      m.token,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().detail).toMatchObject({ email: m.user.email, pendingEmail: to });
    const code = await codeIn(to);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('/api/user/confirmEmailChange', { code: wrong }, m.token)).json().messages).toEqual([
      PROFILE_MESSAGES.codeInvalid,
    ]);
    const confirmed = await post('/api/user/confirmEmailChange', { code }, m.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().detail).toMatchObject({ email: to, pendingEmail: null });
    expect((await lastMailTo(t.database.db, m.user.email)).text).toContain(to);
    await login(t.app, to);
    // Used once.
    expect((await post('/api/user/confirmEmailChange', { code }, m.token)).statusCode).toBe(400);
  });

  it('allows five tries at a code, then refuses even the right one', async () => {
    const m = await member();
    const to = newAddress();
    await post('/api/user/requestEmailChange', { newEmail: to, password: TEST_PASSWORD }, m.token);
    const code = await codeIn(to);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/user/confirmEmailChange', { code: wrong }, m.token)),
    );
    expect(tries.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    const right = await post('/api/user/confirmEmailChange', { code }, m.token);
    expect(right.statusCode).toBe(429);
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, m.user.id));
    expect(row!.email).toBe(m.user.email);
  });

  it('refuses an address another account uses', async () => {
    const a = await member();
    const b = await member();
    const taken = await post(
      '/api/user/requestEmailChange',
      { newEmail: b.user.email.toUpperCase(), password: TEST_PASSWORD },
      a.token,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().messages).toEqual([PROFILE_MESSAGES.emailTaken]);
  });
});

describe('password change', () => {
  it('needs the old password, a strong new one and the same confirmation', async () => {
    const m = await member();
    const change = (body: object) => post('/api/user/changePassword', body, m.token);
    const empty = await change({ oldPassword: '', newPassword: '', confirmPassword: '' });
    expect(empty.statusCode).toBe(400);
    expect(issuesOf(empty)).toEqual(
      expect.arrayContaining([
        PROFILE_MESSAGES.oldPasswordRequired,
        PROFILE_MESSAGES.newPasswordRequired,
        PROFILE_MESSAGES.confirmPasswordRequired,
      ]),
    );
    const weak = await change({ oldPassword: TEST_PASSWORD, newPassword: 'short', confirmPassword: 'short' });
    expect(issuesOf(weak)).toContain(STRONG_PASSWORD_MESSAGE);
    const mismatch = await change({
      oldPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(issuesOf(mismatch)).toEqual([PROFILE_MESSAGES.passwordsDoNotMatch]);
    const wrongOld = await change({
      oldPassword: 'Wrong-Horse-42!',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrongOld.json().messages).toEqual([PROFILE_MESSAGES.oldPasswordIncorrect]);
  });

  it('changes the password, keeps this sign-in and ends every other', async () => {
    const m = await member();
    const other = await login(t.app, m.user.email);
    const changed = await post(
      '/api/user/changePassword',
      { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      m.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().detail).toEqual({ signedOut: 1 });
    expect((await post('/api/user/getMyProfile', {}, m.token)).statusCode).toBe(200);
    expect((await post('/api/user/getMyProfile', {}, other.accessToken)).statusCode).toBe(401);
    await expect(login(t.app, m.user.email)).rejects.toThrow();
    await login(t.app, m.user.email, NEW_PASSWORD);
  });

  it('limits wrong old passwords like sign-in failures', async () => {
    const m = await member();
    const wrong = {
      oldPassword: 'Wrong-Horse-42!',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    const tries = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/user/changePassword', wrong, m.token)),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('signing out other devices', () => {
  it('ends every other sign-in of the user and keeps this one', async () => {
    const m = await member();
    const others = [await login(t.app, m.user.email), await login(t.app, m.user.email)];
    const response = await post('/api/user/signOutOtherDevices', {}, m.token);
    expect(response.json().detail).toEqual({ signedOut: 2 });
    for (const other of others) {
      expect((await post('/api/user/getMyProfile', {}, other.accessToken)).statusCode).toBe(401);
    }
    expect((await post('/api/user/getMyProfile', {}, m.token)).statusCode).toBe(200);
  });
});

describe('acceptEula (spec 3 §7 "Auth, user and account wrappers")', () => {
  const acceptedAt = async (userId: number) =>
    (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.acceptedEulaAt;

  it("records the caller's own acceptance, as sign-up does, and again when asked again", async () => {
    const m = await member();
    expect(await acceptedAt(m.user.id)).toBeNull();
    const accepted = await post('/api/user/acceptEula', { userId: m.user.id }, m.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const stored = await acceptedAt(m.user.id);
    expect(stored).toBeInstanceOf(Date);
    expect(accepted.json()).toEqual({
      detail: { plUserId: m.user.id, acceptedEula: true, acceptedEulaAt: stored!.toISOString() },
    });
    const again = await post('/api/user/acceptEula', { userId: m.user.id }, m.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(new Date(again.json().detail.acceptedEulaAt) >= stored!).toBe(true);
  });

  it("refuses another user's id 403 with a message, whatever the body, and records nothing", async () => {
    const a = await member();
    const b = await member();
    for (const body of [{ userId: b.user.id }, { userId: String(a.user.id) }, {}, { userId: [true] }]) {
      const refused = await post('/api/user/acceptEula', body, a.token);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'FORBIDDEN',
        messages: ['You can accept the licence agreement only for yourself'],
      });
    }
    expect(await acceptedAt(b.user.id)).toBeNull();
    expect(await acceptedAt(a.user.id)).toBeNull();
  });

  it("lets a super admin record another user's acceptance, and answers an unknown user 404", async () => {
    const b = await member();
    await seedAdmin(t.database.db, { email: 'root-eula@example.test', password: 'Root-password-123!' });
    const root = await login(t.app, 'root-eula@example.test', 'Root-password-123!');
    const accepted = await post('/api/user/acceptEula', { userId: b.user.id }, root.accessToken);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await acceptedAt(b.user.id)).toBeInstanceOf(Date);
    const unknown = await post('/api/user/acceptEula', { userId: 2_000_000_000 }, root.accessToken);
    expect(unknown.statusCode).toBe(404);
    const malformed = await post('/api/user/acceptEula', { userId: 'me' }, root.accessToken);
    expect(malformed.statusCode).toBe(400);
  });
});
