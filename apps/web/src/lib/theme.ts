import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { type ThemeName } from '@trustleaf/domain/rules/themes';

/** Spec 3 §9 breakpoints. */
const breakpoints = { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1440 } };

/** Brand green; every main colour keeps at least 4.5:1 against its contrast text (WCAG AA). */
const BRAND = { main: '#17694A', dark: '#0F4D35', light: '#3E8E6C', contrastText: '#FFFFFF' };

const palettes: Record<ThemeName, ThemeOptions['palette']> = {
  default: {
    mode: 'light',
    primary: BRAND,
    secondary: { main: '#4A5568' },
    background: { default: '#F4F7F5', paper: '#FFFFFF' },
    text: { primary: '#1A2B23', secondary: '#4D5E56' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#5FD39A', contrastText: '#0B1F15' },
    secondary: { main: '#B0BEC5' },
    background: { default: '#0E1512', paper: '#16201B' },
    text: { primary: '#E6EEE9', secondary: '#A9B8B0' },
  },
  light: {
    mode: 'light',
    primary: { main: '#1E6B52', contrastText: '#FFFFFF' },
    secondary: { main: '#546E7A' },
    background: { default: '#FFFFFF', paper: '#FAFBFA' },
    text: { primary: '#1C1F1E', secondary: '#525A56' },
  },
  blue: {
    mode: 'light',
    primary: { main: '#1558B0', contrastText: '#FFFFFF' },
    secondary: { main: '#17694A' },
    background: { default: '#F3F6FB', paper: '#FFFFFF' },
    text: { primary: '#14213D', secondary: '#4A5670' },
  },
  green: {
    mode: 'light',
    primary: { main: '#2E6B1F', contrastText: '#FFFFFF' },
    secondary: { main: '#5D4037' },
    background: { default: '#F3F8EF', paper: '#FFFFFF' },
    text: { primary: '#1B2A14', secondary: '#4B5A44' },
  },
  indigo: {
    mode: 'light',
    primary: { main: '#3949AB', contrastText: '#FFFFFF' },
    secondary: { main: '#17694A' },
    background: { default: '#F4F5FB', paper: '#FFFFFF' },
    text: { primary: '#1A1D3A', secondary: '#4E5270' },
  },
};

const cache = new Map<ThemeName, Theme>();

/** The page's background in a theme (the body's, CssBaseline), for the page shell before the app runs. */
export function pageBackground(name: ThemeName): string {
  const background = palettes[name]?.background;
  if (!background?.default) throw new Error(`Theme ${name} has no page background`);
  return background.default;
}

export function buildTheme(name: ThemeName): Theme {
  const cached = cache.get(name);
  if (cached) return cached;
  const theme = createTheme({
    breakpoints,
    // Text on a coloured surface (a filled chip or button in info, warning or error) is dark where
    // white would fall below WCAG AA's 4.5:1 (MUI's default is 3: white on info's #0288d1 is 3.9:1).
    palette: { ...palettes[name], contrastThreshold: 4.5 },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      // A heading of one long word (German 'Dokumenteinstellungen') breaks rather than widening a
      // phone's page; hyphenated in German and Dutch only, as all text is (MuiCssBaseline below).
      h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.01em', overflowWrap: 'break-word' },
      h2: { fontSize: '1.5rem', fontWeight: 700, overflowWrap: 'break-word' },
      h3: { fontSize: '1.125rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // German and Dutch compounds ('Abrechnungsverwaltung', 'Documentinstellingen') are hyphenated
      // where a line ends, in the language of <html lang> (lib/i18n.ts keeps it the app's), rather
      // than cut with no mark or pushing past a phone's edge; words under 10 letters are never split.
      // English and French text is left as it is set.
      MuiCssBaseline: {
        styleOverrides: {
          body: { '&:lang(de), &:lang(nl)': { hyphens: 'auto', hyphenateLimitChars: '10 4 4' } },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
      // Spec 3 §9: dropdown menus are at most 216 px tall.
      MuiMenu: { styleOverrides: { paper: { maxHeight: 216 } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // Placeholders hold still: a pulsing one has the compositor draw and the phone repaint every
      // frame while the page's code is still starting (bench/RESULTS.md, Web, 2026-11-28 12:07).
      MuiSkeleton: { defaultProps: { animation: false } },
    },
  });
  cache.set(name, theme);
  return theme;
}
