import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  SITE_TEMPLATE_SESSION_KEY,
  applyBranding,
  chosenSiteTemplate,
  rememberSiteTemplate,
} from '@/lib/site-template';

afterEach(() => {
  applyBranding({ plSiteTemplateId: null, elements: [] });
  sessionStorage.clear();
});

describe('site template in the app', () => {
  it('renames the product in every text and replaces sentences, and the defaults come back without it', () => {
    applyBranding({
      plSiteTemplateId: 7,
      elements: [
        {
          elementName: 'productName',
          elementType: 'TERMINOLOGY',
          enabled: true,
          text: 'Acme Trust',
          imageUrl: null,
        },
        {
          elementName: 'signInSubtitle',
          elementType: 'TERMINOLOGY',
          enabled: true,
          text: 'Hi partner',
          imageUrl: null,
        },
      ],
    });
    expect(i18n.t('app.name')).toBe('Acme Trust');
    expect(i18n.t('footer.copyright', { year: 2026 })).toBe('© 2026 Acme Trust. All rights reserved.');
    expect(i18n.t('auth.signIn.subtitle')).toBe('Hi partner');
    expect(i18n.t('app.name', { applyPostProcessor: false })).toBe('Trustleaf');
    applyBranding({ plSiteTemplateId: null, elements: [] });
    expect(i18n.t('app.name')).toBe('Trustleaf');
  });

  it('keeps a siteTemplateId of the address for the session and ignores anything else', () => {
    rememberSiteTemplate('?siteTemplateId=12');
    expect(chosenSiteTemplate()).toBe(12);
    rememberSiteTemplate('?siteTemplateId=abc');
    rememberSiteTemplate('?other=1');
    expect(sessionStorage.getItem(SITE_TEMPLATE_SESSION_KEY)).toBe('12');
  });
});
