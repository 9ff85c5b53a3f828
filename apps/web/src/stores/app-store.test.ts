import { describe, expect, it } from 'vitest';
import { detectLanguage, EMPTY_ACCOUNT, PERSIST_KEY, PERSIST_VERSION, useAppStore } from '@/stores/app-store';

const profile = {
  currentUser: {
    plUserId: 1,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    roles: [{ name: 'Company Owner' }],
    memberOfCompany: null,
  },
  currentCompany: null,
};

describe('persisted app state', () => {
  it('writes one root key at version 1', () => {
    useAppStore.getState().setSession({ accessToken: 'a', expiresIn: 900, refreshToken: 'r' }, 42);
    useAppStore.getState().setTheme('dark');
    useAppStore.getState().setLanguage('nl');
    const keys = Object.keys(window.localStorage);
    expect(keys).toEqual([PERSIST_KEY]);
    const root = JSON.parse(window.localStorage.getItem(PERSIST_KEY) ?? '{}') as {
      version: number;
      state: Record<string, unknown>;
    };
    expect(PERSIST_VERSION).toBe(1);
    expect(root.version).toBe(1);
    expect(root.state).toMatchObject({
      theme: 'dark',
      language: 'nl',
      session: { accessToken: 'a', expiresIn: 900, receivedAt: 42 },
    });
    // The refresh token lives in an httpOnly cookie, never in storage.
    expect(JSON.stringify(root)).not.toContain('"r"');
  });

  it('sign-out clears the persisted state and resets the account', () => {
    useAppStore.getState().setSession({ accessToken: 'a', expiresIn: 900, refreshToken: 'r' });
    useAppStore.getState().setProfile(profile);
    expect(window.localStorage.getItem(PERSIST_KEY)).not.toBeNull();

    useAppStore.getState().clearAll();

    expect(window.localStorage.getItem(PERSIST_KEY)).toBeNull();
    expect(useAppStore.getState().session).toBeNull();
    expect(useAppStore.getState().account).toEqual(EMPTY_ACCOUNT);
  });

  it('keeps the account state of spec 3 §3', () => {
    useAppStore.getState().setProfile(profile);
    expect(Object.keys(useAppStore.getState().account).sort()).toEqual(
      ['currentAdminSelectedCompany', 'currentCompany', 'currentUser', 'jobs', 'statistics'].sort(),
    );
    expect(useAppStore.getState().account.currentUser?.firstName).toBe('Ada');
  });

  it('keeps the stored account when the profile is fetched again unchanged', () => {
    // A profile as it arrives: parsed from the answer's JSON.
    const asFetched = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
    const withCompany = {
      ...profile,
      currentCompany: {
        plCompanyId: 5,
        companyName: 'Green Valley',
        businessType: null,
        state: 'CA',
        country: 'US',
        kind: 'NORMAL' as const,
        status: 'ACTIVE' as const,
        isOwner: true,
        resourcePhoto: null,
      },
    };
    useAppStore.getState().setProfile(withCompany);
    const account = useAppStore.getState().account;
    let notices = 0;
    const unsubscribe = useAppStore.subscribe(() => (notices += 1));
    try {
      useAppStore.getState().setProfile(asFetched(withCompany));
      expect(notices).toBe(0);
      expect(useAppStore.getState().account).toBe(account);
      const renamed = asFetched(withCompany);
      if (!renamed.currentUser) throw new Error('the fixture has a user');
      renamed.currentUser.firstName = 'Grace';
      useAppStore.getState().setProfile(renamed);
      expect(notices).toBe(1);
      expect(useAppStore.getState().account.currentUser?.firstName).toBe('Grace');
      // What did not change keeps its object.
      expect(useAppStore.getState().account.currentCompany).toBe(account.currentCompany);
    } finally {
      unsubscribe();
    }
  });

  it('picks the first supported browser language, else English', () => {
    expect(detectLanguage(['es-ES', 'de-AT', 'fr'])).toBe('de');
    expect(detectLanguage(['ja'])).toBe('en');
  });
});
