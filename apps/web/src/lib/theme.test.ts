import { THEME_NAMES } from '@trustleaf/domain/rules/themes';
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
