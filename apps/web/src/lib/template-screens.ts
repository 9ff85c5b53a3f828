import { hiddenScreens, type TemplateScreen } from '@trustleaf/domain/rules/site-template-screens';
import { useMemo } from 'react';
import { brandingCompanyId, useBranding } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';

/*
 * Kept apart from lib/site-template.ts, which the sign-in page loads: only signed-in screens ask
 * which screens the template turns off.
 */

/** Every screen the published template turns off (its menu entry and its address). */
export function useHiddenScreens(): ReadonlySet<TemplateScreen> {
  const elements = useBranding((state) => state.elements);
  return useMemo(() => hiddenScreens(elements), [elements]);
}

/**
 * Whether the published template turns a screen off. Only what pages show: the API behind the
 * screen answers as it always does.
 */
export function useScreenHidden(screen: TemplateScreen): boolean {
  return useHiddenScreens().has(screen);
}

/**
 * Whether the branding the page shows is known: the latest load, for the company the pages show,
 * has ended. Until then a screen the template may turn off is not decided.
 */
export function useBrandingReady(): boolean {
  const companyId = useAppStore(brandingCompanyId);
  const loadedFor = useBranding((state) => state.loadedFor);
  return loadedFor !== undefined && loadedFor === companyId;
}
