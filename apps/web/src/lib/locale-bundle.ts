import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@trustleaf/domain/rules/themes';
import { hasMessages, loadMessages } from '@/lib/i18n';

/** A promise React's `use` reads without suspending: it carries the settled status React looks for. */
type UsablePromise = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: void };

/**
 * Strings of the sign-up pages and the shared inputs are the `extra` message part
 * (`locales/extra/*.json`, see lib/i18n.ts), loaded when a lazy page first needs them: the sign-in
 * page's first-load budget has no room for them.
 */
const pending = new Map<string, UsablePromise>();

/** Marks the promise fulfilled as soon as it is, whether or not `use` has read it yet. */
function usable(load: Promise<void>): UsablePromise {
  const promise: UsablePromise = load.then(() => {
    promise.status = 'fulfilled';
    promise.value = undefined;
  });
  return promise;
}

/**
 * Loads the extra strings in English and `language`; one promise per language, for `use`. A language
 * whose strings are already in (loaded with the language switch) gets a settled promise.
 */
export function loadExtraLocale(language: string): Promise<void> {
  let promise = pending.get(language);
  if (!promise) {
    promise = hasMessages('extra', language)
      ? Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined })
      : usable(loadMessages('extra', language as Language));
    pending.set(language, promise);
  }
  return promise;
}

/**
 * Suspends until the extra strings of the current language are in. `use` is called on every render:
 * React replays a component that suspended once the promise settles, and a replay that skips `use`
 * breaks the hook order (React errors #467 and #520 in the console). A settled promise renders at once.
 */
export function useExtraLocale(): void {
  const { i18n: instance } = useTranslation();
  use(loadExtraLocale(instance.language));
}
