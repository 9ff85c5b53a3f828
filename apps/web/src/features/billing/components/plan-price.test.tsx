import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@trustleaf/domain/rules/pricing';
import { i18n, loadMessages } from '@/lib/i18n';
import { renderApp } from '@/testing/test-utils';
import { PlanPrice } from './paywall-dialog';

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('a plan price in the paywall', () => {
  it('keeps the price and its period on one line in French', async () => {
    await loadMessages('app', 'fr');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    renderApp(<PlanPrice price={formatMoney(149, 'fr')} frequency="MONTHLY" />);
    const price = screen.getByTestId('plan-price');
    expect(price.textContent?.replace(/\s/g, ' ')).toBe('149,00 $US / mois');
    // '149,00 $US /' over 'mois' on a phone: no line may break inside it.
    expect(getComputedStyle(price).whiteSpace).toBe('nowrap');
  });
});
