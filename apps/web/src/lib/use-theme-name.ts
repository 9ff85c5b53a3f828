import { resolveThemeName, type ThemeName } from '@trustleaf/domain/rules/themes';
import { useAppStore } from '@/stores/app-store';

const warned = new Set<string>();

function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

/** The stored name may be stale or hand-edited; resolveThemeName warns and falls back (spec 3 §1). */
export function useThemeName(): ThemeName {
  const stored = useAppStore((state) => state.theme);
  return resolveThemeName(stored, warnOnce);
}
