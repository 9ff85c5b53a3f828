/** Spec 3 §1: six colour themes; an unknown name falls back to the default with a warning. */
export const THEME_NAMES = ['default', 'dark', 'light', 'blue', 'green', 'indigo'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export function resolveThemeName(
  name: string | null | undefined,
  warn: (message: string) => void,
): ThemeName {
  if (!name) return 'default';
  if ((THEME_NAMES as readonly string[]).includes(name)) return name as ThemeName;
  warn(`Unknown theme "${name}", using the default theme`);
  return 'default';
}

export const LANGUAGES = ['en', 'fr', 'de', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The cookies in which the web app keeps the viewer's language and theme, so that the server can send
 * a page written out at build time in that language, or none in a dark theme. Neither is a secret.
 */
export const VIEW_COOKIES = { language: 'trustleaf_lang', theme: 'trustleaf_theme' } as const;

/**
 * The page shell the server sends a viewer whose theme cookie says dark (apps/web/scripts/prerender.mjs
 * writes it into the build beside index.html): the shell with the dark theme's background, so that the
 * page is not white until the app's scripts have run.
 */
export const DARK_SHELL_FILE = 'index.dark.html';
