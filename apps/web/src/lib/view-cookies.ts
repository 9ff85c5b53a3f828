import { VIEW_COOKIES } from '@trustleaf/domain/rules/themes';
import { useAppStore } from '@/stores/app-store';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function write(name: string, value: string): void {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * Keeps the viewer's language and theme in cookies (VIEW_COOKIES) from now on, so that the server sends
 * the pages written out at build time in that language, and none in a dark theme (apps/api/src/app.ts).
 */
export function rememberView(): void {
  const { language, theme } = useAppStore.getState();
  write(VIEW_COOKIES.language, language);
  write(VIEW_COOKIES.theme, theme);
  useAppStore.subscribe((state, previous) => {
    if (state.language !== previous.language) write(VIEW_COOKIES.language, state.language);
    if (state.theme !== previous.theme) write(VIEW_COOKIES.theme, state.theme);
  });
}
