import { and, eq } from 'drizzle-orm';
import { MESSAGES, TEAM_REFUSALS } from '@trustleaf/domain/schemas/team';
import { describe, expect, it } from 'vitest';
import { activityLog, companyInvites, companyMembers, mailOutbox, users } from '../../db/schema.ts';
import { inviteTokenHash, newInviteLink } from '../../lib/invites.ts';
import { bearer, createMember, createUser, lastMailTo, login } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();
const post = t.post;
const team = (plCompanyId: number, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/company/getTeamMembers?plCompanyId=${plCompanyId}`,
    headers: bearer(token),
  });
const tokenOf = async (email: string) => (await login(t.app, email)).accessToken;
const inviteLinkToken = async (email: string) =>
  /inviteMemberCode=([\w-]+)/.exec((await lastMailTo(t.database.db, email)).text)![1]!;

/** A company with an owner, an admin, a user and a weak user, each signed in. */
async function company() {
  const owner = await createMember(t.database.db, 'Company Owner');
  const id = owner.companyId;
  const admin = await createMember(t.database.db, 'Company Admin', id);
  const user = await createMember(t.database.db, 'User', id);
  const weak = await createMember(t.database.db, 'Weak User', id);
  return {
    id,
    owner: { ...owner.user, token: await tokenOf(owner.user.email) },
    admin: { ...admin.user, token: await tokenOf(admin.user.email) },
    user: { ...user.user, token: await tokenOf(user.user.email) },
    weak: { ...weak.user, token: await tokenOf(weak.user.email) },
  };
}

/** An invite written directly (the API invites no member or banned person), expiring at `expiresAt`. */
async function openInvite(companyId: number, email: string, expiresAt: Date) {
  const { token } = newInviteLink('');
  await t.database.db
    .insert(companyInvites)
    .values({ companyId, email, role: 'User', tokenHash: inviteTokenHash(token), expiresAt });
  return token;
}

async function actionsOf(companyId: number) {
  const rows = await t.database.db
    .select({ action: activityLog.action, subject: activityLog.subjectUserId })
    .from(activityLog)
    .where(eq(activityLog.companyId, companyId))
    .orderBy(activityLog.id);
  return rows.map((row) => row.action);
}

describe('team listing', () => {
  it('shows owners and admins the members and pending invites; a plain User only the members', async () => {
    const c = await company();
    await post(
      '/api/company/inviteMember',
      { plCompanyId: c.id, email: 'pending@example.test' },
      c.admin.token,
    );
    const forOwner = await team(c.id, c.owner.token);
    expect(forOwner.statusCode, forOwner.body).toBe(200);
    const detail = forOwner.json().detail;
    expect(detail.members.map((m: { role: string }) => m.role)).toEqual([
      'Company Owner',
      'Company Admin',
      'User',
      'Weak User',
    ]);
    expect(detail.invites).toMatchObject([{ email: 'pending@example.test', role: 'User', isExpired: false }]);
    expect(detail).toMatchObject({ canManage: true, canTransferOwnership: true });
    const forUser = (await team(c.id, c.user.token)).json().detail;
    expect(forUser).toMatchObject({ invites: [], canManage: false, canTransferOwnership: false });
    expect(forUser.members).toHaveLength(4);
  });

  it("answers another company's owner 404, as if the company did not exist", async () => {
    const c = await company();
    const other = await createMember(t.database.db);
    const response = await team(c.id, await tokenOf(other.user.email));
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(c.owner.email);
  });
});

describe('invites', () => {
  it('resend replaces the link and cancel ends it; both only for owners and admins', async () => {
    const c = await company();
    const email = `invitee-${Date.now()}@example.test`;
    expect(
      (
        await post(
          '/api/company/inviteMember',
          { plCompanyId: c.id, email, role: 'Weak User' },
          c.owner.token,
        )
      ).statusCode,
    ).toBe(200);
    const first = await inviteLinkToken(email);
    const [invite] = (await team(c.id, c.owner.token)).json().detail.invites;
    const ids = { plCompanyId: c.id, plInviteId: invite.plInviteId };
    for (const who of [c.user, c.weak]) {
      expect((await post('/api/company/resendInvite', ids, who.token)).statusCode).toBe(403);
      expect((await post('/api/company/cancelInvite', ids, who.token)).statusCode).toBe(403);
      const invited = await post(
        '/api/company/inviteMember',
        { plCompanyId: c.id, email: 'x@example.test' },
        who.token,
      );
      expect(invited.statusCode).toBe(403);
    }

    expect((await post('/api/company/resendInvite', ids, c.admin.token)).statusCode).toBe(200);
    const second = await inviteLinkToken(email);
    expect(second).not.toBe(first);
    const detail = (code: string) =>
      post('/api/company/getInviteMemberCodeDetail', { inviteMemberCode: code });
    expect((await detail(first)).statusCode).toBe(404);
    expect((await detail(second)).json().detail).toMatchObject({ email, role: 'Weak User' });

    expect((await post('/api/company/cancelInvite', ids, c.admin.token)).statusCode).toBe(200);
    expect((await detail(second)).statusCode).toBe(404);
    expect((await team(c.id, c.owner.token)).json().detail.invites).toEqual([]);
    expect((await post('/api/company/cancelInvite', ids, c.admin.token)).statusCode).toBe(404);
    expect(await actionsOf(c.id)).toEqual(
      expect.arrayContaining(['MEMBER_INVITED', 'INVITE_RESENT', 'INVITE_CANCELED']),
    );
  });

  it('keeps one pending invite a person when the same address is invited many times at once', async () => {
    const c = await company();
    const email = `invitee-concurrent-${Date.now()}@example.test`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/company/inviteMember', { plCompanyId: c.id, email }, c.owner.token),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const { invites } = (await team(c.id, c.owner.token)).json().detail;
    expect(invites.filter((invite: { email: string }) => invite.email === email)).toHaveLength(1);
  });

  it('emails one invite when the same address is invited many times at once; a later other-role invite replaces it and its link', async () => {
    const c = await company();
    const email = `invitee-once-${Date.now()}@example.test`;
    const invite = (role?: string) =>
      post(
        '/api/company/inviteMember',
        { plCompanyId: c.id, email, ...(role ? { role } : {}) },
        c.owner.token,
      );
    const responses = await Promise.all(Array.from({ length: 10 }, () => invite()));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails).toHaveLength(1);
    const detail = (code: string) =>
      post('/api/company/getInviteMemberCodeDetail', { inviteMemberCode: code });
    const first = await inviteLinkToken(email);
    expect((await detail(first)).json().detail).toMatchObject({ email, role: 'User' });
    expect((await actionsOf(c.id)).filter((action) => action === 'MEMBER_INVITED')).toHaveLength(1);

    // Another role is another invite: it is emailed, and the first email's link no longer works.
    expect((await invite('Company Admin')).statusCode).toBe(200);
    const second = await inviteLinkToken(email);
    expect(second).not.toBe(first);
    expect((await detail(first)).statusCode).toBe(404);
    expect((await detail(second)).json().detail).toMatchObject({ email, role: 'Company Admin' });
    const { invites } = (await team(c.id, c.owner.token)).json().detail;
    expect(invites).toMatchObject([{ email, role: 'Company Admin' }]);
  });

  it('writes the invitation in the inviting person’s language, with the role in that language', async () => {
    const c = await company();
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, c.admin.id));
    const email = `invitee-fr-${Date.now()}@example.test`;
    const invited = await post(
      '/api/company/inviteMember',
      { plCompanyId: c.id, email, role: 'Weak User' },
      c.admin.token,
    );
    expect(invited.statusCode).toBe(200);
    const mail = await lastMailTo(t.database.db, email);
    expect(mail.subject).toMatch(/^Vous êtes invité à rejoindre .+ sur Trustleaf$/);
    expect(mail.text).toContain('en tant que Utilisateur restreint.');
    expect(mail.text).toContain(`/auth/sign-up/personal?inviteMemberCode=${await inviteLinkToken(email)}`);
    // The owner reads the app in English (the default): their resend is in English.
    const [invite] = (await team(c.id, c.owner.token)).json().detail.invites;
    const resent = await post(
      '/api/company/resendInvite',
      { plCompanyId: c.id, plInviteId: invite.plInviteId },
      c.owner.token,
    );
    expect(resent.statusCode).toBe(200);
    expect((await lastMailTo(t.database.db, email)).subject).toMatch(/^You are invited to join /);
  });

  it("refuses another company's owner an invite id of this company", async () => {
    const c = await company();
    await post('/api/company/inviteMember', { plCompanyId: c.id, email: 'a@example.test' }, c.owner.token);
    const [invite] = (await team(c.id, c.owner.token)).json().detail.invites;
    const other = await createMember(t.database.db);
    const otherToken = await tokenOf(other.user.email);
    // Its own company id with this company's invite id: the invite is not found there.
    const own = { plCompanyId: other.companyId, plInviteId: invite.plInviteId };
    expect((await post('/api/company/cancelInvite', own, otherToken)).statusCode).toBe(404);
    const theirs = { plCompanyId: c.id, plInviteId: invite.plInviteId };
    expect((await post('/api/company/resendInvite', theirs, otherToken)).statusCode).toBe(404);
    expect((await team(c.id, c.owner.token)).json().detail.invites).toHaveLength(1);
  });
});

describe('roles', () => {
  it('lets an admin change a member role, never the owner’s or their own, and records it', async () => {
    const c = await company();
    const change = (plUserId: number, role: string, token: string) =>
      post('/api/company/changeMemberRole', { plCompanyId: c.id, plUserId, role }, token);
    const changed = await change(c.user.id, 'Weak User', c.admin.token);
    expect(changed.statusCode, changed.body).toBe(200);
    const owner = await change(c.owner.id, 'User', c.admin.token);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().messages).toEqual([MESSAGES.ownerRoleFixed]);
    expect((await change(c.admin.id, 'User', c.admin.token)).json().messages).toEqual([MESSAGES.ownRole]);
    expect((await change(c.user.id, 'Company Owner', c.owner.token)).statusCode).toBe(400);
    for (const who of [c.user, c.weak]) {
      expect((await change(c.admin.id, 'User', who.token)).statusCode).toBe(403);
    }
    const other = await createMember(t.database.db);
    expect((await change(c.user.id, 'Company Admin', await tokenOf(other.user.email))).statusCode).toBe(404);

    const roles = (await team(c.id, c.owner.token))
      .json()
      .detail.members.map((m: { role: string }) => m.role);
    expect(roles).toEqual(['Company Owner', 'Company Admin', 'Weak User', 'Weak User']);
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, c.id), eq(activityLog.action, 'MEMBER_ROLE_CHANGED')));
    expect(entry).toMatchObject({
      actorUserId: c.admin.id,
      subjectUserId: c.user.id,
      detail: { from: 'User', to: 'Weak User' },
    });
  });

  it('reads a role as spec 3 §6 names it in any case, and says which roles may be given when it is not one', async () => {
    const c = await company();
    const change = (role: unknown) =>
      post('/api/company/changeMemberRole', { plCompanyId: c.id, plUserId: c.user.id, role }, c.owner.token);
    expect((await change('weak user')).statusCode).toBe(200);
    expect((await change('COMPANY_ADMIN')).statusCode).toBe(200);
    const invited = await post(
      '/api/company/inviteMember',
      { plCompanyId: c.id, email: 'spelled-role@example.test', role: 'weak user' },
      c.owner.token,
    );
    expect(invited.statusCode, invited.body).toBe(200);
    const detail = (await team(c.id, c.owner.token)).json().detail;
    expect(detail.members.find((m: { plUserId: number }) => m.plUserId === c.user.id).role).toBe(
      'Company Admin',
    );
    expect(detail.invites).toMatchObject([{ email: 'spelled-role@example.test', role: 'Weak User' }]);
    const refusedIssue = {
      field: 'role',
      message: 'Choose a role: Company Admin, User or Weak User',
      key: 'team.messages.roleInvalid',
    };
    for (const refused of [
      await change('Company Owner'),
      await change('Super Admin'),
      await post(
        '/api/company/inviteMember',
        { plCompanyId: c.id, email: 'owner-role@example.test', role: 'Company Owner' },
        c.owner.token,
      ),
    ]) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().details.issues).toEqual([refusedIssue]);
    }
  });

  it('transfers ownership from the owner only, leaving exactly one owner even when two race', async () => {
    const c = await company();
    const transfer = (plUserId: number, token: string) =>
      post('/api/company/transferOwnership', { plCompanyId: c.id, plUserId }, token);
    expect((await transfer(c.user.id, c.admin.token)).statusCode).toBe(403);
    const [a, b] = await Promise.all([
      transfer(c.admin.id, c.owner.token),
      transfer(c.user.id, c.owner.token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const members = await t.database.db
      .select({ userId: companyMembers.userId, role: companyMembers.role })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, c.id));
    expect(members.filter((m) => m.role === 'Company Owner')).toHaveLength(1);
    expect(members.find((m) => m.userId === c.owner.id)?.role).toBe('Company Admin');
  });
});

describe('removing a member', () => {
  it('bans the member for good and ends their sessions at once', async () => {
    const c = await company();
    const session = await login(t.app, c.user.email);
    const removed = await post(
      '/api/company/removeMember',
      { plCompanyId: c.id, plUserId: c.user.id },
      c.admin.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await post('/api/user/getMyProfile', {}, session.accessToken)).statusCode).toBe(401);
    expect((await post('/api/user/getMyProfile', {}, c.user.token)).statusCode).toBe(401);
    const refresh = await post('/api/auth/refreshAccessToken', { refreshToken: session.refreshToken });
    expect(refresh.statusCode).toBe(401);
    const relogin = await login(t.app, c.user.email);
    const profile = (await post('/api/user/getMyProfile', {}, relogin.accessToken)).json().detail;
    expect(profile.currentCompany).toBeNull();

    // Cannot rejoin: no new invite, and no link sent before the removal.
    const reinvite = await post(
      '/api/company/inviteMember',
      { plCompanyId: c.id, email: c.user.email },
      c.owner.token,
    );
    expect(reinvite.statusCode).toBe(409);
    expect(reinvite.json().messages).toEqual([MESSAGES.banned]);
    // The web shows the refusal by its key.
    expect(reinvite.json().details.issues).toEqual([{ field: '', ...TEAM_REFUSALS.banned }]);
    expect(await actionsOf(c.id)).toContain('MEMBER_REMOVED');
  });

  it('refuses removing the owner, oneself, and any removal by a User or Weak User', async () => {
    const c = await company();
    const remove = (plUserId: number, token: string) =>
      post('/api/company/removeMember', { plCompanyId: c.id, plUserId }, token);
    expect((await remove(c.owner.id, c.admin.token)).json().messages).toEqual([
      MESSAGES.ownerCannotBeRemoved,
    ]);
    expect((await remove(c.admin.id, c.admin.token)).json().messages).toEqual([MESSAGES.removeSelf]);
    expect((await remove(c.weak.id, c.user.token)).statusCode).toBe(403);
    expect((await remove(c.user.id, c.weak.token)).statusCode).toBe(403);
    expect((await team(c.id, c.owner.token)).json().detail.members).toHaveLength(4);
  });

  it('a link sent before the removal does not let the removed member back in', async () => {
    const c = await company();
    const outsider = await createUser(t.database.db);
    await post('/api/company/inviteMember', { plCompanyId: c.id, email: outsider.email }, c.owner.token);
    const link = await inviteLinkToken(outsider.email);
    const joined = await post('/api/user/joinCompany', { inviteToken: link }, await tokenOf(outsider.email));
    expect(joined.statusCode, joined.body).toBe(200);
    await post('/api/company/removeMember', { plCompanyId: c.id, plUserId: outsider.id }, c.owner.token);
    // An open invite to the removed member (made directly: the API invites no member or banned person).
    const token = await openInvite(c.id, outsider.email, new Date(Date.now() + 3600_000));
    const again = await post('/api/user/joinCompany', { inviteToken: token }, await tokenOf(outsider.email));
    expect(again.statusCode).toBe(403);
    expect(again.json().messages).toEqual([MESSAGES.bannedJoin]);
  });
});

describe('joining by invite link', () => {
  const INVALID = 'This invitation is invalid or has expired';
  const join = async (inviteToken: string, email: string) =>
    post('/api/user/joinCompany', { inviteToken }, await tokenOf(email));

  it('joins with the role invited as; a used link is refused even after leaving', async () => {
    const c = await company();
    const outsider = await createUser(t.database.db);
    await post(
      '/api/company/inviteMember',
      { plCompanyId: c.id, email: outsider.email, role: 'Weak User' },
      c.owner.token,
    );
    const link = await inviteLinkToken(outsider.email);
    const joined = await join(link, outsider.email);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().detail).toEqual({ plCompanyId: c.id });
    const members = (await team(c.id, c.owner.token)).json().detail.members as {
      email: string;
      role: string;
    }[];
    expect(members.find((m) => m.email === outsider.email)?.role).toBe('Weak User');
    expect(await actionsOf(c.id)).toContain('MEMBER_JOINED');

    const leave = await post('/api/user/leaveCompany', { plCompanyId: c.id }, await tokenOf(outsider.email));
    expect(leave.statusCode).toBe(200);
    const again = await join(link, outsider.email);
    expect(again.statusCode).toBe(404);
    expect(again.json().messages).toEqual([INVALID]);
  });

  it('refuses an expired link, an unknown one, and a link sent to another address', async () => {
    const c = await company();
    const outsider = await createUser(t.database.db);
    const token = await openInvite(c.id, outsider.email, new Date(t.clock.now().getTime() - 1000));
    const expired = await join(token, outsider.email);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().messages).toEqual([INVALID]);
    expect((await join('not-a-real-token', outsider.email)).statusCode).toBe(404);

    await post('/api/company/inviteMember', { plCompanyId: c.id, email: outsider.email }, c.owner.token);
    const someoneElse = await createUser(t.database.db);
    const wrong = await join(await inviteLinkToken(outsider.email), someoneElse.email);
    expect(wrong.statusCode).toBe(403);
    expect((await team(c.id, c.owner.token)).json().detail.members).toHaveLength(4);
  });
});

describe('leaving', () => {
  it('lets a member leave and keeps the owner until ownership is transferred', async () => {
    const c = await company();
    expect((await post('/api/user/leaveCompany', { plCompanyId: c.id }, c.weak.token)).statusCode).toBe(200);
    const owner = await post('/api/user/leaveCompany', { plCompanyId: c.id }, c.owner.token);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().messages).toEqual([MESSAGES.ownerCannotLeave]);
    await post('/api/company/transferOwnership', { plCompanyId: c.id, plUserId: c.admin.id }, c.owner.token);
    expect((await post('/api/user/leaveCompany', { plCompanyId: c.id }, c.owner.token)).statusCode).toBe(200);
    expect(await actionsOf(c.id)).toEqual(expect.arrayContaining(['MEMBER_LEFT', 'OWNERSHIP_TRANSFERRED']));
  });
});

describe('a super admin acting for a company', () => {
  it("is scoped to the chosen company and recorded in that company's log with the admin's name", async () => {
    const c = await company();
    const other = await company();
    const root = await createUser(t.database.db, { isSuperAdmin: true, firstName: 'Ada', lastName: 'Root' });
    const token = await tokenOf(root.email);
    const email = `acted-for-${Date.now()}@example.test`;
    const invited = await post(
      '/api/company/inviteMember',
      { plCompanyId: c.id, email, role: 'User' },
      token,
    );
    expect(invited.statusCode).toBe(200);
    const changed = await post(
      '/api/company/changeMemberRole',
      { plCompanyId: c.id, plUserId: c.user.id, role: 'Weak User' },
      token,
    );
    expect(changed.statusCode).toBe(200);

    expect((await team(c.id, c.owner.token)).json().detail.invites).toEqual([
      expect.objectContaining({ email, invitedBy: 'Ada Root' }),
    ]);
    expect((await team(other.id, other.owner.token)).json().detail.invites).toEqual([]);
    const log = await post('/api/user/activity', { scope: 'company', plCompanyId: c.id }, c.owner.token);
    expect(log.statusCode).toBe(200);
    const items = log.json().detail.items as { action: string; actorName: string }[];
    expect(items.filter((item) => item.actorName === 'Ada Root').map((item) => item.action)).toEqual(
      expect.arrayContaining(['MEMBER_INVITED', 'MEMBER_ROLE_CHANGED']),
    );
    const otherLog = await post(
      '/api/user/activity',
      { scope: 'company', plCompanyId: other.id },
      other.owner.token,
    );
    expect(
      (otherLog.json().detail.items as { actorName: string }[]).some((item) => item.actorName === 'Ada Root'),
    ).toBe(false);
  });
});
