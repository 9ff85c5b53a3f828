import { describe, expect, it } from 'vitest';
import { applyTextOverrides, imageFor, textOverrides, type AppliedElement } from './site-template.ts';

const term = (elementName: string, text: string | null, enabled = true): AppliedElement => ({
  elementName,
  elementType: 'TERMINOLOGY',
  enabled,
  text,
  imageUrl: null,
});

describe('site template text overrides', () => {
  it('replaces a product name wherever it appears and a sentence by its key', () => {
    const overrides = textOverrides([
      term('productName', 'Acme Trust'),
      term('signInSubtitle', 'Hello partner'),
    ]);
    expect(applyTextOverrides(overrides, 'app.copyright', '© 2026 Trustleaf. All rights reserved.')).toBe(
      '© 2026 Acme Trust. All rights reserved.',
    );
    expect(applyTextOverrides(overrides, 'auth.signIn.subtitle', 'Willkommen bei Trustleaf')).toBe(
      'Hello partner',
    );
  });

  it('keeps the defaults for disabled, empty and unknown elements', () => {
    const overrides = textOverrides([
      term('productName', 'Acme', false),
      term('qVault', '  '),
      term('noSuchElement', 'x'),
    ]);
    expect(applyTextOverrides(overrides, 'nav.qVault', 'Q-Vault of Trustleaf')).toBe('Q-Vault of Trustleaf');
  });

  it('uses the upload, else the default image, and none when the template turns the logo off', () => {
    const logo = (enabled: boolean, imageUrl: string | null): AppliedElement => ({
      elementName: 'logo',
      elementType: 'IMAGE',
      enabled,
      text: null,
      imageUrl,
    });
    expect(imageFor([], 'logo')).toBe('/site-template/logo.svg');
    expect(imageFor([logo(true, '/x.png')], 'logo')).toBe('/x.png');
    expect(imageFor([logo(false, '/x.png')], 'logo')).toBeNull();
    expect(imageFor([], 'unknown')).toBeNull();
  });
});
