import '@/lib/zod-config';
import { PassThrough } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { SHELL_MODULE, WRITTEN_OUT_FRAMES } from '@/app/routes/app/written-out-frames';
import { DARK_SHELL_FILE, LANGUAGES, type Language } from '@trustleaf/domain/rules/themes';
import { i18nReady, loadLanguage, loadMessages } from '@/lib/i18n';
import { MyProfileSchema } from '@trustleaf/domain/schemas/auth';
import { EMPTY_ACCOUNT, useAppStore } from '@/stores/app-store';
import { useBranding } from '@/lib/site-template';
import { AllPartsAtOnce } from '@/components/layouts/staged-parts';
import { pageBackground } from '@/lib/theme';

/**
 * The pages written out as HTML at build time (scripts/prerender.mjs), so that a visitor sees the page
 * before its scripts have run: the public pages a first visit lands on. They are rendered in English with
 * the default branding, signed out, as the app first renders them; the browser's app takes them over
 * (src/app/start.tsx), with the same tree above the routes.
 */
export const PRERENDERED_PATHS = [
  paths.auth.signIn.path,
  paths.auth.signUp.path,
  ...Object.keys(WRITTEN_OUT_FRAMES),
] as const;

/** The shell the server sends in the dark theme (scripts/prerender.mjs): its file and its background. */
export const DARK_SHELL = { file: DARK_SHELL_FILE, background: pageBackground('dark') };

/**
 * The languages each page is written out in: the signed-in frames in every one (the server sends the
 * one in the viewer's language), the public pages in English (the app renders another over them).
 */
export function languagesOf(path: string): readonly Language[] {
  return path in WRITTEN_OUT_FRAMES ? LANGUAGES : ['en'];
}

/** The source modules (Vite manifest keys) a page's app loads after the entry: a frame's shell and page. */
export function modulesOf(path: string): readonly string[] {
  const frame = WRITTEN_OUT_FRAMES[path];
  return frame ? [SHELL_MODULE, ...frame.modules] : [];
}

/** The markup of one page, every lazy part of it loaded (the stream ends when nothing is pending). */
export async function renderPage(path: string, language: Language = 'en'): Promise<string> {
  await i18nReady;
  const Frame = WRITTEN_OUT_FRAMES[path]?.Frame;
  if (Frame) await loadMessages('app');
  await loadLanguage(language);
  return markupOf(path, Frame ? <Frame /> : <AppRoutes />);
}

/** A company owner who stands in for whoever opens a signed-in page (stylesOfSignedInPage). */
const STAND_IN = MyProfileSchema.parse({
  currentUser: {
    plUserId: 1,
    firstName: 'Owner',
    lastName: 'Owner',
    email: 'owner@example.com',
    roles: [],
    memberOfCompany: { plCompanyId: 1, roles: ['Owner'] },
  },
  currentCompany: {
    plCompanyId: 1,
    companyName: 'Company',
    businessType: 'Retailer',
    state: 'CO',
    country: 'US',
    kind: 'NORMAL',
    status: 'ACTIVE',
    isOwner: true,
    resourcePhoto: null,
  },
});

/**
 * The markup of a signed-in page's first render by the app, signed in as a stand-in, for its styles
 * only (scripts/prerender.mjs writes them in the page's frame; the markup is not used).
 */
export async function stylesOfSignedInPage(path: string): Promise<string> {
  await i18nReady;
  await loadMessages('app');
  await loadLanguage('en');
  // A server render reads the store's initial state (zustand's server snapshot), not its current one:
  // the stand-in's session and account are written into it for this render and taken out after.
  const initial = useAppStore.getInitialState();
  const branding = useBranding.getInitialState();
  const { session, account } = initial;
  Object.assign(initial, {
    session: { accessToken: 'stand-in', expiresIn: 900, receivedAt: Date.now() },
    account: { ...EMPTY_ACCOUNT, currentUser: STAND_IN.currentUser, currentCompany: STAND_IN.currentCompany },
  });
  // The default branding, loaded for the stand-in's company.
  branding.loadedFor = STAND_IN.currentCompany?.plCompanyId;
  try {
    return await markupOf(
      path,
      <AllPartsAtOnce value={true}>
        <AppRoutes />
      </AllPartsAtOnce>,
    );
  } finally {
    Object.assign(initial, { session, account });
    delete branding.loadedFor;
  }
}

async function markupOf(path: string, page: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path}>
        <AppProvider>{page}</AppProvider>
      </StaticRouter>
    </StrictMode>,
    // Every boundary inline, in order: the page needs no script to show its parts (the CSP allows none).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
