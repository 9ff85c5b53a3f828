import type { CompanyRef, MyProfile, Session, User } from '@trustleaf/domain/schemas/auth';
import {
  addScanJob,
  removeScanJob,
  updateScanJob,
  type LocalScanJob,
  type ScanJobType,
} from '@trustleaf/domain/rules/scan-jobs';
import { LANGUAGES, type Language } from '@trustleaf/domain/rules/themes';
import { replaceEqualDeep } from '@tanstack/react-query';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Spec 3 §9: persisted state lives under a single root key, version 1. */
export const PERSIST_KEY = 'trustleaf';
export const PERSIST_VERSION = 1;

/** The access token with the local timer it is measured against (spec 3 §4 token rule). */
export interface SessionTokens {
  accessToken: string;
  /** Lifetime in seconds as the server granted it. */
  expiresIn: number;
  /** Epoch ms when the client received it; the local timer counts from here. */
  receivedAt: number;
}

/** Spec 3 §3 "Account state". Statistics arrive with a later feature. */
export interface AccountState {
  currentUser: User | null;
  currentCompany: CompanyRef | null;
  currentAdminSelectedCompany: CompanyRef | null;
  statistics: Record<string, unknown> | null;
  /** Scan jobs the progress notices show on every page, kept across reloads (spec 3 §4 "Scan job"). */
  jobs: LocalScanJob[];
}

export const EMPTY_ACCOUNT: AccountState = {
  currentUser: null,
  currentCompany: null,
  currentAdminSelectedCompany: null,
  statistics: null,
  jobs: [],
};

export interface AppState {
  session: SessionTokens | null;
  language: Language;
  /** Kept as the raw stored name: an unknown one is resolved (and warned about) where it is used. */
  theme: string;
  /** The side navigation folded to icons on wide screens; null follows the screen width. Kept locally. */
  navCollapsed: boolean | null;
  account: AccountState;
  setSession: (session: Session, now?: number) => void;
  setLanguage: (language: Language) => void;
  setTheme: (theme: string) => void;
  setNavCollapsed: (collapsed: boolean) => void;
  setProfile: (profile: MyProfile) => void;
  /** A super admin's company selector (spec 3 §3): null or plCompanyId 0 is "all companies". */
  selectAdminCompany: (company: CompanyRef | null) => void;
  addJob: (job: LocalScanJob) => void;
  updateJob: (
    jobId: string,
    type: ScanJobType,
    change: Partial<Omit<LocalScanJob, 'jobId' | 'type'>>,
  ) => void;
  removeJob: (jobId: string, type: ScanJobType) => void;
  /** Sign-out: forget the session and the account and drop the persisted root key (spec 3 §4). */
  clearAll: () => void;
}

export function detectLanguage(
  candidates: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  for (const candidate of candidates) {
    const base = candidate.slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return 'en';
}

type PersistedState = Pick<AppState, 'session' | 'language' | 'theme' | 'navCollapsed' | 'account'>;

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      session: null,
      language: detectLanguage(),
      theme: 'default',
      navCollapsed: null,
      account: EMPTY_ACCOUNT,
      setSession: (session, now = Date.now()) =>
        set({ session: { accessToken: session.accessToken, expiresIn: session.expiresIn, receivedAt: now } }),
      setLanguage: (language) => set({ language }),
      setTheme: (theme) => set({ theme }),
      setNavCollapsed: (navCollapsed) => set({ navCollapsed }),
      // A profile that reads as the stored one keeps the stored objects, so the screens that show them
      // are not rendered again when it is fetched anew (each such render is at once and in one piece).
      setProfile: (profile) =>
        set((state) => {
          const currentUser = replaceEqualDeep(state.account.currentUser, profile.currentUser);
          const currentCompany = replaceEqualDeep(state.account.currentCompany, profile.currentCompany);
          if (currentUser === state.account.currentUser && currentCompany === state.account.currentCompany)
            return state;
          return { account: { ...state.account, currentUser, currentCompany } };
        }),
      selectAdminCompany: (company) =>
        set((state) => ({ account: { ...state.account, currentAdminSelectedCompany: company } })),
      addJob: (job) =>
        set((state) => ({ account: { ...state.account, jobs: addScanJob(state.account.jobs, job) } })),
      updateJob: (jobId, type, change) =>
        set((state) => ({
          account: { ...state.account, jobs: updateScanJob(state.account.jobs, jobId, type, change) },
        })),
      removeJob: (jobId, type) =>
        set((state) => ({
          account: { ...state.account, jobs: removeScanJob(state.account.jobs, jobId, type) },
        })),
      clearAll: () => {
        // Language and theme stay for this tab so the sign-in page doesn't change under the user,
        // but nothing of the account survives in storage.
        set({ session: null, account: EMPTY_ACCOUNT });
        useAppStore.persist.clearStorage();
      },
    }),
    {
      name: PERSIST_KEY,
      version: PERSIST_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedState => ({
        session: state.session,
        language: state.language,
        theme: state.theme,
        navCollapsed: state.navCollapsed,
        account: state.account,
      }),
      // Only version 1 exists; anything else (older or hand-edited) starts clean instead of guessing.
      migrate: () => ({}),
    },
  ),
);

/**
 * The company the company pages show and act for: a super admin's selected company, else the user's
 * own (for a super admin with every company selected, the built-in one).
 */
export function actingCompanyOf(account: AccountState): CompanyRef | null {
  const selected = account.currentAdminSelectedCompany;
  return selected && selected.plCompanyId !== 0 ? selected : account.currentCompany;
}

export const useActingCompany = (): CompanyRef | null =>
  useAppStore((state) => actingCompanyOf(state.account));

/** Whether a super admin is acting for one company rather than viewing all of them. */
export const useHasSelectedCompany = (): boolean =>
  useAppStore((state) => (state.account.currentAdminSelectedCompany?.plCompanyId ?? 0) !== 0);

export const getAccessToken = (): string | null => useAppStore.getState().session?.accessToken ?? null;
