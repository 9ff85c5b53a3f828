import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import {
  CompanySubscriptionListingSchema,
  type CompanySubscriptionListing,
} from '@trustleaf/domain/schemas/billing';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { getCompanySubscriptionQueryOptions } from '../api/get-company-subscription';
import { usePlanLanding } from './use-plan-landing';
import { useBranding } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';
import { terminology } from '@/testing/site-template-fixtures';
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

/** Signs in a company owner (or the super admin) with the given subscription context. */
function landingFor(data: CompanySubscriptionListing | null, isSuperAdmin = false) {
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
  if (data) client.setQueryData(getCompanySubscriptionQueryOptions(COMPANY_ID).queryKey, data);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePlanLanding(), { wrapper }).result.current;
}

describe('landing by plan (spec 3 §2) from the subscription context', () => {
  it.each([
    ['Merchant Processor', '/qmonitor'],
    ['Merchant Processor Client', '/directory/company-detail'],
    ['Basic', '/dashboard/main'],
    ['Pro', '/dashboard/main'],
    ['Enterprise', '/dashboard/main'],
    ['Enterprise for Banking', '/dashboard/main'],
  ])('%s lands on %s', (plan, path) => {
    expect(landingFor(listing(plan))).toEqual({ isPending: false, path });
  });

  it('a failed payment keeps the plan’s landing', () => {
    expect(landingFor(listing('Pro', 'PAYMENT_FAILED')).path).toBe('/dashboard/main');
  });

  it.each([
    ['no subscription', listing(null)],
    ['an ended subscription', listing('Pro', 'DELETED')],
    ['a plan without a landing route', listing('Silver')],
  ])('%s lands on / (the fallback)', (_label, data) => {
    expect(landingFor(data)).toEqual({ isPending: false, path: '/' });
  });

  it('waits for the subscription context before deciding', () => {
    expect(landingFor(null)).toEqual({ isPending: true, path: '/' });
  });

  it('the super admin lands on / without asking for a subscription', () => {
    expect(landingFor(null, true)).toEqual({ isPending: false, path: '/' });
  });

  it('a directory landing falls back to / while the site template turns the directory off', () => {
    const menu = (enabled: boolean) => terminology('menuDirectory', enabled);
    useBranding.setState({ plSiteTemplateId: 5, elements: [menu(false)] });
    try {
      expect(landingFor(listing('Merchant Processor Client')).path).toBe('/');
      expect(landingFor(listing('Merchant Processor')).path).toBe('/qmonitor');
      useBranding.setState({ plSiteTemplateId: 5, elements: [menu(true)] });
      expect(landingFor(listing('Merchant Processor Client')).path).toBe('/directory/company-detail');
    } finally {
      useBranding.setState({ plSiteTemplateId: null, elements: [] });
    }
  });
});
