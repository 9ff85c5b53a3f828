import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sessionTimer } from '@/lib/api';
import { setFaviconActive } from '@/lib/favicon';
import { brandingCompanyId, ensureBranding, rememberSiteTemplate } from '@/lib/site-template';
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

/**
 * Every page shows the published site template: the one chosen with `?siteTemplateId=` (kept for
 * the session), else the signed-in company's, else the host's.
 */
export function useSiteTemplate(): void {
  const { search } = useLocation();
  const fromAddress = new URLSearchParams(search).get('siteTemplateId');
  const companyId = useAppStore(brandingCompanyId);
  useEffect(() => {
    if (fromAddress) rememberSiteTemplate(`?siteTemplateId=${fromAddress}`);
    void ensureBranding(companyId);
  }, [fromAddress, companyId]);
}
