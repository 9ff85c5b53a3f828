import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@trustleaf/domain/rules/themes';
import { hasMessages, loadMessages } from '@/lib/i18n';

/**
 * Strings of the sign-up pages and the shared inputs are the `extra` message part
 * (`locales/extra/*.json`, see lib/i18n.ts), loaded when a lazy page first needs them: the sign-in
 * page's first-load budget has no room for them.
 */
const pending = new Map<string, Promise<void>>();

/** Loads the extra strings in English and `language`; one promise per language, for `use`. */
export function loadExtraLocale(language: string): Promise<void> {
  let promise = pending.get(language);
  if (!promise) {
    promise = loadMessages('extra', language as Language);
    pending.set(language, promise);
  }
  return promise;
}

/** Suspends until the extra strings of the current language are in. */
export function useExtraLocale(): void {
  const { i18n: instance } = useTranslation();
  // `use` may be called conditionally; a loaded language renders at once instead of suspending a tick.
  if (!hasMessages('extra', instance.language)) use(loadExtraLocale(instance.language));
}
