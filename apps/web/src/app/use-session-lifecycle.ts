import { useEffect } from 'react';
import { sessionTimer } from '@/lib/api';
import { setFaviconActive } from '@/lib/favicon';
import { useAppStore } from '@/stores/app-store';

/** Spec 1 §2: hidden tab → inactive favicon; visible again → active favicon (the timer checks too). */
export function useVisibility(): void {
  useEffect(() => {
    const onChange = () => setFaviconActive(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
}

/** While signed in, the access token is refreshed ahead of expiry, on focus and after a wake. */
export function useSessionTimer(): void {
  const hasSession = useAppStore((state) => state.session !== null);
  useEffect(() => {
    if (!hasSession) return;
    return sessionTimer.watch();
  }, [hasSession]);
}
