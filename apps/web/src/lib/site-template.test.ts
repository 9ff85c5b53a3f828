import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  SITE_TEMPLATE_SESSION_KEY,
  applyBranding,
  chosenSiteTemplate,
  ensureBranding,
  loadBranding,
  readBranding,
  rememberSiteTemplate,
  useBranding,
} from '@/lib/site-template';
import { SITE_TEMPLATE_CHANGED } from '@/lib/site-template-text';
import { handle, sentRequests, server } from '@/testing/msw';
import { terminology } from '@/testing/site-template-fixtures';
import { getBranding } from '@trustleaf/domain/api/site-template';
import { BrandingSchema } from '@trustleaf/domain/schemas/site-template';
import type { AppliedElement } from '@trustleaf/domain/rules/site-template';

afterEach(() => {
  applyBranding({ plSiteTemplateId: null, elements: [] });
  sessionStorage.clear();
});

describe('site template in the app', () => {
  it('renames the product in every text and replaces sentences, and the defaults come back without it', () => {
    applyBranding({
      plSiteTemplateId: 7,
      elements: [
        terminology('productName', true, 'Acme Trust'),
        terminology('signInSubtitle', true, 'Hi partner'),
      ],
    });
    expect(i18n.t('app.name')).toBe('Acme Trust');
    expect(i18n.t('footer.copyright', { year: 2026 })).toBe('© 2026 Acme Trust. All rights reserved.');
    expect(i18n.t('auth.signIn.subtitle')).toBe('Hi partner');
    expect(i18n.t('app.name', { applyPostProcessor: false })).toBe('Trustleaf');
    applyBranding({ plSiteTemplateId: null, elements: [] });
    expect(i18n.t('app.name')).toBe('Trustleaf');
  });

  it('re-renders translated text only when a text reads differently', () => {
    let renders = 0;
    const count = () => (renders += 1);
    i18n.on(SITE_TEMPLATE_CHANGED, count);
    const productName = terminology('productName', true, 'Acme');
    const renamed = { plSiteTemplateId: 7, elements: [productName] };
    try {
      applyBranding({ plSiteTemplateId: null, elements: [] });
      expect(renders).toBe(0);
      applyBranding(renamed);
      expect(renders).toBe(1);
      applyBranding({ ...renamed, elements: [...renamed.elements] });
      expect(renders).toBe(1);
      applyBranding({
        plSiteTemplateId: 7,
        elements: [{ ...productName, text: 'Acme Pro' }],
      });
      expect(renders).toBe(2);
      expect(i18n.t('app.name')).toBe('Acme Pro');
      applyBranding({ plSiteTemplateId: null, elements: [] });
      expect(renders).toBe(3);
    } finally {
      i18n.off(SITE_TEMPLATE_CHANGED, count);
    }
  });

  it('tells the screens only of a branding that differs from the one they show', () => {
    let notices = 0;
    const unsubscribe = useBranding.subscribe(() => (notices += 1));
    const logo: AppliedElement = {
      elementName: 'logo',
      elementType: 'IMAGE',
      enabled: true,
      text: null,
      imageUrl: '/a.png',
    };
    try {
      applyBranding({ plSiteTemplateId: null, elements: [] });
      expect(notices).toBe(0);
      applyBranding({ plSiteTemplateId: 7, elements: [{ ...logo }] });
      expect(notices).toBe(1);
      const shown = useBranding.getState().elements;
      applyBranding({ plSiteTemplateId: 7, elements: [{ ...logo }] });
      expect(notices).toBe(1);
      expect(useBranding.getState().elements).toBe(shown);
      applyBranding({ plSiteTemplateId: 7, elements: [{ ...logo, imageUrl: '/b.png' }] });
      expect(notices).toBe(2);
      expect(useBranding.getState().elements[0]?.imageUrl).toBe('/b.png');
      applyBranding({ plSiteTemplateId: 8, elements: [{ ...logo, imageUrl: '/b.png' }] });
      expect(notices).toBe(3);
    } finally {
      unsubscribe();
    }
  });

  it('keeps a siteTemplateId of the address for the session and ignores anything else', () => {
    rememberSiteTemplate('?siteTemplateId=12');
    expect(chosenSiteTemplate()).toBe(12);
    rememberSiteTemplate('?siteTemplateId=abc');
    rememberSiteTemplate('?other=1');
    expect(sessionStorage.getItem(SITE_TEMPLATE_SESSION_KEY)).toBe('12');
  });
});

describe('reading the branding answer without zod', () => {
  const element = { elementName: 'logo', elementType: 'IMAGE', enabled: true, text: null, imageUrl: '/x' };
  const answers: unknown[] = [
    { plSiteTemplateId: 3, elements: [element] },
    { plSiteTemplateId: null, elements: [] },
    { plSiteTemplateId: '3', elements: [] },
    { plSiteTemplateId: 3 },
    { plSiteTemplateId: 3, elements: [{ ...element, enabled: 'yes' }] },
    { plSiteTemplateId: 3, elements: [{ ...element, text: 5 }] },
    { plSiteTemplateId: 3, elements: [null] },
    null,
  ];

  it('takes what the contract takes and refuses what it refuses', () => {
    for (const detail of answers) {
      const read = readBranding({ detail });
      const parsed = BrandingSchema.safeParse(detail);
      expect(read !== null, JSON.stringify(detail)).toBe(parsed.success);
      if (parsed.success) expect(read).toEqual(parsed.data);
    }
    expect(readBranding(null)).toBeNull();
    expect(readBranding('page')).toBeNull();
  });
});

describe('the branding a page load asks for once', () => {
  const asked = () =>
    sentRequests()
      .filter((request) => request.path === getBranding.path)
      .map((request) => request.url.search);

  it('is found by the page when the shell asked for the same, and asked for again otherwise', async () => {
    server.use(handle(getBranding, () => ({ plSiteTemplateId: null, elements: [] })));
    // The shell starts the company's load before its first render; the page's effect finds it.
    const started = loadBranding(5);
    expect(ensureBranding(5)).toBe(started);
    await started;
    await ensureBranding(5);
    expect(asked()).toEqual(['?plCompanyId=5']);
    // Another company, a chosen template, or a change that must be seen: a new request each.
    await ensureBranding(6);
    rememberSiteTemplate('?siteTemplateId=12');
    await ensureBranding(6);
    await loadBranding(6);
    expect(asked()).toEqual([
      '?plCompanyId=5',
      '?plCompanyId=6',
      '?siteTemplateId=12&plCompanyId=6',
      '?siteTemplateId=12&plCompanyId=6',
    ]);
    // Back to the first company: the latest load asked for another, so it is asked for again.
    sessionStorage.clear();
    await ensureBranding(5);
    expect(asked()).toHaveLength(5);
  });
});
