import { describe, expect, it } from 'vitest';
import { rememberView } from '@/lib/view-cookies';
import { useAppStore } from '@/stores/app-store';

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${name}=`))
    ?.slice(name.length + 1);

describe('the viewer’s language and theme kept for the server', () => {
  it('writes both at start and again whenever either changes', () => {
    useAppStore.setState({ language: 'de', theme: 'blue' });
    rememberView();
    expect(cookie('trustleaf_lang')).toBe('de');
    expect(cookie('trustleaf_theme')).toBe('blue');
    useAppStore.setState({ language: 'nl' });
    expect(cookie('trustleaf_lang')).toBe('nl');
    useAppStore.getState().setTheme('dark');
    expect(cookie('trustleaf_theme')).toBe('dark');
  });
});
