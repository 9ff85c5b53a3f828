import { THEME_NAMES } from '@trustleaf/domain/rules/themes';
import { getContrastRatio } from '@mui/material/styles';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildTheme } from '@/lib/theme';
import { useThemeName } from '@/lib/use-theme-name';
import { useAppStore } from '@/stores/app-store';

describe('themes', () => {
  it('builds all six themes with the spec breakpoints and 216 px menus', () => {
    for (const name of THEME_NAMES) {
      const theme = buildTheme(name);
      expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1440 });
      expect(theme.components?.MuiMenu?.styleOverrides?.paper).toMatchObject({ maxHeight: 216 });
    }
    expect(buildTheme('dark').palette.mode).toBe('dark');
  });

  it('keeps every colour’s text at 4.5:1 or more on it in every theme (WCAG AA), as on a filled chip', () => {
    const low: string[] = [];
    for (const name of THEME_NAMES) {
      const { palette } = buildTheme(name);
      for (const colour of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
        const { main, contrastText } = palette[colour];
        const ratio = getContrastRatio(main, contrastText);
        if (ratio < 4.5) low.push(`${name} ${colour}: ${contrastText} on ${main} (${ratio.toFixed(2)}:1)`);
      }
    }
    expect(low).toEqual([]);
  });

  it('warns about an unknown stored theme and uses the default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useAppStore.getState().setTheme('neon');
    const { result } = renderHook(() => useThemeName());
    expect(result.current).toBe('default');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('neon'));
  });

  it('keeps a known theme', () => {
    useAppStore.getState().setTheme('indigo');
    const { result } = renderHook(() => useThemeName());
    expect(result.current).toBe('indigo');
  });
});
