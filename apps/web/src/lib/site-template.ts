import type { AppliedElement } from '@trustleaf/domain/rules/site-template';
import { replaceEqualDeep } from '@tanstack/react-query';
import { create } from 'zustand';
import { i18n } from '@/lib/i18n';
import { SITE_TEMPLATE_CHANGED, setTextOverrides } from '@/lib/site-template-text';
import type { AppState } from '@/stores/app-store';

/** The template chosen with `?siteTemplateId=` is kept for the tab's session (spec 3 §2). */
export const SITE_TEMPLATE_SESSION_KEY = 'trustleaf.siteTemplateId';

export interface BrandingState {
  plSiteTemplateId: number | null;
  elements: AppliedElement[];
}

/** Whether the branding the pages show is known: screens a template may turn off wait for it. */
export interface BrandingLoad {
  /**
   * The company whose branding the latest load asked for, once that load has ended (applied, or
   * failed and left the defaults); null: no company (the session's or the host's template);
   * undefined: no load has ended yet.
   */
  loadedFor?: number | null;
}

/** The published template the pages show (none: the defaults). */
export const useBranding = create<BrandingState & BrandingLoad>(() => ({
  plSiteTemplateId: null,
  elements: [],
}));

/** Loads started; only the latest one applies its answer and says whose branding has loaded. */
let loads = 0;

/** The latest load: what it asked for (the chosen template and the company) and its end. */
let latest: { key: string; done: Promise<void> } | null = null;

const brandingKey = (plCompanyId?: number | null) => `${chosenSiteTemplate() ?? ''}/${plCompanyId ?? ''}`;

/** The company whose template the pages show (null: signed out; the session's or host's template). */
export function brandingCompanyId(state: AppState): number | null {
  return state.session ? (state.account.currentCompany?.plCompanyId ?? null) : null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps a `siteTemplateId` of the address for the rest of the session; anything but an id is ignored. */
export function rememberSiteTemplate(search: string): void {
  const value = new URLSearchParams(search).get('siteTemplateId');
  if (value !== null && /^[1-9]\d{0,9}$/.test(value)) storage()?.setItem(SITE_TEMPLATE_SESSION_KEY, value);
}

export function chosenSiteTemplate(): number | null {
  const value = storage()?.getItem(SITE_TEMPLATE_SESSION_KEY);
  return value ? Number(value) : null;
}

/**
 * Applies a template to every text and image at once (or the defaults with no elements). Every
 * translated component re-renders, at once and in one piece, when the texts change, so that happens
 * only when a text reads differently (not when the defaults are confirmed, as on most pages).
 */
export function applyBranding(state: BrandingState): void {
  const textsChanged = setTextOverrides(state.elements);
  const current = useBranding.getState();
  const elements = replaceEqualDeep(current.elements, state.elements);
  // The same branding again (the defaults, on most pages) renders nothing again.
  if (elements !== current.elements || state.plSiteTemplateId !== current.plSiteTemplateId)
    useBranding.setState({ plSiteTemplateId: state.plSiteTemplateId, elements });
  if (textsChanged) i18n.emit(SITE_TEMPLATE_CHANGED);
}

/**
 * Reads `getBranding`'s answer (`BrandingSchema` of the domain) by its shape rather than through zod:
 * this module is on the sign-in page's first load, where zod would cost about 20 KB gzip of its budget.
 */
export function readBranding(body: unknown): BrandingState | null {
  const detail = (body as { detail?: unknown } | null)?.detail as Record<string, unknown> | undefined;
  if (!detail || typeof detail !== 'object') return null;
  const { plSiteTemplateId, elements } = detail;
  if (plSiteTemplateId !== null && typeof plSiteTemplateId !== 'number') return null;
  if (!Array.isArray(elements)) return null;
  const textOrNull = (value: unknown) => value === null || typeof value === 'string';
  const valid = elements.every((element: unknown) => {
    const e = element as Record<string, unknown> | null;
    return (
      e !== null &&
      typeof e === 'object' &&
      typeof e.elementName === 'string' &&
      typeof e.elementType === 'string' &&
      typeof e.enabled === 'boolean' &&
      textOrNull(e.text) &&
      textOrNull(e.imageUrl)
    );
  });
  return valid ? { plSiteTemplateId, elements: elements as AppliedElement[] } : null;
}

/**
 * Loads the published template for this page: the session's choice, else the company's, else the
 * host's (the server decides). A chosen template that is gone or unpublished is forgotten and the
 * defaults or the other bindings apply. A failure keeps the defaults (spec 3 §8: logged only). When
 * loads overlap (the company changed meanwhile), only the latest applies its answer and marks the
 * branding loaded.
 */
export function loadBranding(plCompanyId?: number | null): Promise<void> {
  const load = ++loads;
  const done = (async () => {
    const branding = await fetchBranding(plCompanyId ?? null);
    if (load !== loads) return;
    if (branding) applyBranding(branding);
    useBranding.setState({ loadedFor: plCompanyId ?? null });
  })();
  latest = { key: brandingKey(plCompanyId), done };
  return done;
}

/**
 * Loads the template unless the latest load asked for the same one: the signed-in shell starts its
 * load before its first render under a written-out frame (`shellRequests`), and the page's own
 * effect then finds it there. A change that must be seen (a template applied) calls loadBranding.
 */
export function ensureBranding(plCompanyId?: number | null): Promise<void> {
  return latest?.key === brandingKey(plCompanyId) ? latest.done : loadBranding(plCompanyId);
}

async function fetchBranding(plCompanyId: number | null): Promise<BrandingState | null> {
  const query = new URLSearchParams();
  const chosen = chosenSiteTemplate();
  if (chosen) query.set('siteTemplateId', String(chosen));
  if (plCompanyId) query.set('plCompanyId', String(plCompanyId));
  try {
    const response = await fetch(`/api/siteTemplate/branding?${query.toString()}`, {
      headers: { accept: 'application/json' },
    });
    if (response.status === 404 && chosen) {
      storage()?.removeItem(SITE_TEMPLATE_SESSION_KEY);
      return await fetchBranding(plCompanyId);
    }
    if (!response.ok) throw new Error(`site template: ${response.status}`);
    const branding = readBranding(await response.json());
    if (!branding) throw new Error('site template: an answer not in the branding contract');
    return branding;
  } catch (error) {
    console.error('Site template load failed', error);
    return null;
  }
}
