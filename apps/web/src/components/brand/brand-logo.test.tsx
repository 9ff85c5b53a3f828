import { act, cleanup, render, screen } from '@testing-library/react';
import type { AppliedElement } from '@trustleaf/domain/rules/site-template';
import { afterEach, describe, expect, it } from 'vitest';
import { BrandLogo, TemplateMark } from '@/components/brand/brand-logo';
import { applyBranding } from '@/lib/site-template';
import '@/lib/i18n';

const element = (overrides: Partial<AppliedElement> & { elementName: string }): AppliedElement => ({
  elementType: 'IMAGE',
  enabled: true,
  text: null,
  imageUrl: null,
  ...overrides,
});

function brand(elements: AppliedElement[]) {
  act(() => applyBranding({ plSiteTemplateId: 3, elements }));
}

afterEach(() => {
  cleanup();
  act(() => applyBranding({ plSiteTemplateId: null, elements: [] }));
});

describe('a site template’s elements on the page', () => {
  it('shows the template’s logo, hides a logo the template turns off, and keeps the default mark otherwise', () => {
    const { container, rerender } = render(<TemplateMark size={40} />);
    expect(container.querySelector('svg')).not.toBeNull();

    brand([element({ elementName: 'logo', imageUrl: '/api/siteTemplate/image/5?v=1' })]);
    rerender(<TemplateMark size={40} />);
    expect(screen.getByTestId('brand-logo-image').getAttribute('src')).toBe('/api/siteTemplate/image/5?v=1');

    brand([element({ elementName: 'logo', enabled: false, imageUrl: '/api/siteTemplate/image/5?v=1' })]);
    rerender(<TemplateMark size={40} />);
    expect(container.querySelector('img, svg')).toBeNull();
  });

  it('falls back to the default mark and names for elements it does not know or that are disabled', () => {
    brand([
      element({ elementName: 'mascot', imageUrl: '/somewhere.png' }),
      element({ elementName: 'productName', elementType: 'TERMINOLOGY', enabled: false, text: 'Acme' }),
    ]);
    const { container } = render(<BrandLogo />);
    expect(container.querySelector('svg')).not.toBeNull();
    expect(screen.queryByTestId('brand-logo-image')).toBeNull();
    expect(screen.getByText('Trustleaf')).toBeTruthy();
  });
});
