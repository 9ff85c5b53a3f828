import { useEffect } from 'react';
import { sessionTimer } from '@/lib/api';
import { setFaviconActive } from '@/lib/favicon';
import { useAppStore } from '@/stores/app-store';

/** How often the local timer is compared with the token lifetime; well under the refresh threshold. */
export const SESSION_CHECK_INTERVAL_MS = 15_000;

/** Spec 1 §2: hidden tab → inactive favicon; visible again → active favicon and a session timer check. */
export function useVisibility(): void {
  useEffect(() => {
    const onChange = () => {
      const isVisible = document.visibilityState === 'visible';
      setFaviconActive(isVisible);
      if (isVisible) void sessionTimer.check();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
}

export function useSessionTimer(): void {
  const hasSession = useAppStore((state) => state.session !== null);
  useEffect(() => {
    if (!hasSession) return;
    void sessionTimer.check();
    const id = window.setInterval(() => void sessionTimer.check(), SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [hasSession]);
}
