import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HomeRoute } from '@/app/routes/app/home';
import { i18n, loadMessages } from '@/lib/i18n';
import { renderApp } from '@/testing/test-utils';

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('home', () => {
  it('names the company type in the reader language', async () => {
    await loadMessages('app', 'fr');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    renderApp(<HomeRoute />, { session: 'signed-in' });
    expect(screen.getByTestId('profile-business-type').textContent).toBe('Détaillant');
  });
});
