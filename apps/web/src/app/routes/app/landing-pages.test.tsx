import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanyDetailRoute } from '@/app/routes/app/landing-pages';
import { getCompanySubscriptionQueryOptions } from '@/features/billing/api/get-company-subscription';
import { i18n, loadMessages } from '@/lib/i18n';
import { listingFor } from '@/testing/billing-fixtures';
import { renderApp, SIGNED_IN_PROFILE } from '@/testing/test-utils';

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('/directory/company-detail', () => {
  it("names the company's type in the reader's language", async () => {
    await loadMessages('app', 'fr');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    const plCompanyId = SIGNED_IN_PROFILE.currentCompany!.plCompanyId;
    // A plan without the vault: the page asks for nothing else.
    renderApp(<CompanyDetailRoute />, {
      session: 'signed-in',
      staleTime: Infinity,
      queryData: [[getCompanySubscriptionQueryOptions(plCompanyId).queryKey, listingFor({})]],
    });
    expect(screen.getByTestId('directory-business-type').textContent).toBe('Détaillant');
  });
});
