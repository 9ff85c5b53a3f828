import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import {
  CompanySubscriptionListingSchema,
  type CompanySubscriptionListing,
} from '@trustleaf/domain/schemas/billing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HomeRoute } from '@/app/routes/app/home';
import { billingKeys } from '@/features/billing/api/billing-queries';
import { useAppStore } from '@/stores/app-store';
import '@/lib/i18n';

const COMPANY_ID = 52;

function listing(planName: string | null, status = 'AVAILABLE'): CompanySubscriptionListing {
  const now = new Date().toISOString();
  return CompanySubscriptionListingSchema.parse({
    companySubscriptions: planName
      ? [
          {
            plCompanySubscriptionId: 3,
            status,
            paymentFrequency: 'MONTHLY',
            autoRenew: true,
            startedAt: now,
            currentPeriodStart: now,
            currentPeriodEnd: now,
            trialEndsAt: null,
            trialDuration: null,
            trialUnit: null,
            price: 0,
            promoCode: null,
            nextRetryAt: null,
            subscription: { plPlanId: 9, name: planName },
          },
        ]
      : [],
    metadata: { availablePlans: [] },
    features: [],
    appliedPromoCode: null,
  });
}

function WhereAmI() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** Signs in a company owner (or the super admin) and opens `/` with the given subscription context. */
function openHome(data: CompanySubscriptionListing | null, isSuperAdmin = false) {
  useAppStore.setState((state) => ({
    account: {
      ...state.account,
      currentUser: {
        plUserId: 2,
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.test',
        roles: isSuperAdmin ? [{ name: 'Super Admin' }] : [],
        memberOfCompany: isSuperAdmin ? null : { plCompanyId: COMPANY_ID, roles: ['Company Owner'] },
      },
      currentCompany: isSuperAdmin
        ? null
        : {
            plCompanyId: COMPANY_ID,
            companyName: 'Blue Ridge',
            businessType: null,
            state: 'NJ',
            country: 'US',
            kind: 'NORMAL',
            status: 'ACTIVE',
            isOwner: true,
            resourcePhoto: null,
          },
    },
  }));
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (data) client.setQueryData(billingKeys.subscription(COMPANY_ID), data);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<HomeRoute />} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('landing by plan (spec 3 §2) from the subscription context', () => {
  it.each([
    ['Merchant Processor', '/qmonitor'],
    ['Merchant Processor Client', '/directory/company-detail'],
    ['Basic', '/dashboard/main'],
    ['Pro', '/dashboard/main'],
    ['Enterprise', '/dashboard/main'],
    ['Enterprise for Banking', '/dashboard/main'],
  ])('%s lands on %s', async (plan, path) => {
    openHome(listing(plan));
    expect((await screen.findByTestId('location')).textContent).toBe(path);
  });

  it('a failed payment keeps the plan’s landing', async () => {
    openHome(listing('Pro', 'PAYMENT_FAILED'));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard/main');
  });

  it.each([
    ['no subscription', listing(null)],
    ['an ended subscription', listing('Pro', 'DELETED')],
    ['a plan without a landing route', listing('Silver')],
  ])('%s stays on / (the fallback)', async (_label, data) => {
    openHome(data);
    expect((await screen.findByTestId('welcome')).textContent).toBe('Welcome, Grace');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('the super admin stays on /', async () => {
    openHome(null, true);
    expect((await screen.findByTestId('welcome')).textContent).toBe('Welcome, Grace');
  });
});
