import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGO_SVG } from './site-template-logo.ts';
import { SCREEN_ELEMENTS, hiddenScreens } from './site-template-screens.ts';
import {
  applyTextOverrides,
  imageFor,
  templateElement,
  textOverrides,
  type AppliedElement,
} from './site-template.ts';

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

  it('draws the same default logo in documents as the web app serves', () => {
    const served = readFileSync(
      new URL('../../../../apps/web/public/site-template/logo.svg', import.meta.url),
    );
    expect(DEFAULT_LOGO_SVG).toBe(served.toString('utf8').trim());
  });
});

describe('site template screens', () => {
  it('hides a screen only when the template lists its menu element as off', () => {
    expect(hiddenScreens([])).toEqual(new Set());
    expect(
      hiddenScreens([
        term('menuWebcrawler', null, false),
        term('menuDirectory', 'Partners', true),
        term('productName', null, false),
        term('retiredMenu', null, false),
      ]),
    ).toEqual(new Set(['webcrawler']));
  });

  it('gives every screen one menu element, whose text renames the entry', () => {
    for (const name of Object.values(SCREEN_ELEMENTS))
      expect(templateElement(name)).toMatchObject({ elementType: 'TERMINOLOGY', keys: [expect.any(String)] });
    const overrides = textOverrides([term('menuDirectory', 'Partners')]);
    expect(applyTextOverrides(overrides, 'nav.directory', 'Directory')).toBe('Partners');
    // Turned off, the entry is hidden and its text is not used.
    const off = textOverrides([term('menuDirectory', 'Partners', false)]);
    expect(applyTextOverrides(off, 'nav.directory', 'Directory')).toBe('Directory');
  });
});
