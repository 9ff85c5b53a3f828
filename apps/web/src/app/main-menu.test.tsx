import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { CompanySubscriptionListing } from '@trustleaf/domain/schemas/billing';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { MainMenu } from '@/app/main-menu';
import { getCompanySubscriptionQueryOptions } from '@/features/billing/api/get-company-subscription';
import { useBranding } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';
import { listingFor } from '@/testing/billing-fixtures';
import { terminology } from '@/testing/site-template-fixtures';
import { SIGNED_IN_PROFILE } from '@/testing/test-utils';
import '@/lib/i18n';

const COMPANY_ID = 41;
function signInAs(roles: string[], isSuperAdmin = false) {
  useAppStore.setState((state) => ({
    account: {
      ...state.account,
      currentUser: {
        plUserId: 1,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.test',
        roles: isSuperAdmin ? [{ name: 'Super Admin' }] : [],
        memberOfCompany: isSuperAdmin ? null : { plCompanyId: COMPANY_ID, roles },
      },
      currentCompany: null,
    },
  }));
}

function renderMenu(
  listing: CompanySubscriptionListing | null,
  { path = '/', collapsed = false }: { path?: string; collapsed?: boolean } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (listing) client.setQueryData(getCompanySubscriptionQueryOptions(COMPANY_ID).queryKey, listing);
  useAppStore.setState((state) => ({
    account: {
      ...state.account,
      currentCompany: state.account.currentUser?.memberOfCompany
        ? {
            ...SIGNED_IN_PROFILE.currentCompany!,
            plCompanyId: COMPANY_ID,
            companyName: 'Green Valley',
            businessType: null,
          }
        : null,
    },
  }));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <MainMenu collapsed={collapsed} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

const gate = (nav: HTMLElement, feature: string) =>
  nav.querySelector<HTMLElement>(`[data-feature="${feature}"]`);

describe('main menu follows the plan', () => {
  beforeEach(() => signInAs(['Company Owner']));

  it('a Basic-like plan: vault items usable, Webcrawler and Q-Monitor locked with the upgrade prompt', () => {
    const nav = renderMenu(listingFor({ q_vault: true, community_forum: true }));
    expect(gate(nav, 'q_vault')?.dataset.featureStatus).toBe('NORMAL');
    expect(within(nav).getByTestId('nav-documents').closest('[aria-disabled]')).toBeNull();
    for (const feature of ['content_compliance_monitoring', 'active_company_monitoring']) {
      const wrapper = gate(nav, feature)!;
      expect(wrapper.dataset.featureStatus).toBe('NON_INTERACTABLE');
      expect(wrapper.querySelector('[aria-disabled="true"]')).not.toBeNull();
      expect(
        within(wrapper).getByRole('button', { name: 'Upgrade your subscription to use this' }),
      ).toBeTruthy();
    }
    // Sections without a feature key are open to every plan.
    expect(within(nav).getByTestId('nav-dashboard')).toBeTruthy();
    expect(within(nav).getByTestId('nav-subscription')).toBeTruthy();
  });

  it('a Pro-like plan: every gated item is usable', () => {
    const nav = renderMenu(
      listingFor({ q_vault: true, content_compliance_monitoring: true, active_company_monitoring: 25 }),
    );
    for (const feature of ['q_vault', 'content_compliance_monitoring', 'active_company_monitoring'])
      expect(gate(nav, feature)?.dataset.featureStatus).toBe('NORMAL');
    expect(nav.querySelector('[aria-disabled="true"]')).toBeNull();
  });

  it('a plan that hides what it does not grant drops those items from the menu', () => {
    const nav = renderMenu(listingFor({ q_vault: true }, 'HIDDEN'));
    expect(within(nav).queryByTestId('nav-webcrawler')).toBeNull();
    expect(within(nav).queryByTestId('nav-qmonitor')).toBeNull();
    expect(within(nav).getByTestId('nav-documents')).toBeTruthy();
  });

  it('a number feature is locked once its client threshold is 0', () => {
    const nav = renderMenu(listingFor({ q_vault: true, active_company_monitoring: 0 }));
    expect(gate(nav, 'active_company_monitoring')?.dataset.featureStatus).toBe('NON_INTERACTABLE');
  });

  it('without a live subscription the gated items are locked', () => {
    const nav = renderMenu({ ...listingFor({}), companySubscriptions: [], features: null });
    expect(gate(nav, 'q_vault')?.dataset.featureStatus).toBe('NON_INTERACTABLE');
    expect(gate(nav, 'content_compliance_monitoring')?.dataset.featureStatus).toBe('NON_INTERACTABLE');
  });

  it('a plain user sees no Review item; the super admin sees everything usable and the admin items', () => {
    signInAs(['User']);
    let nav = renderMenu(listingFor({ q_vault: true }));
    expect(within(nav).queryByTestId('nav-review')).toBeNull();
    document.body.innerHTML = '';
    signInAs([], true);
    nav = renderMenu(null);
    expect(nav.querySelector('[aria-disabled="true"]')).toBeNull();
    expect(gate(nav, 'content_compliance_monitoring')?.dataset.featureStatus).toBe('NORMAL');
    expect(within(nav).getByTestId('nav-admin-billing')).toBeTruthy();
    expect(within(nav).getByTestId('nav-site-templates')).toBeTruthy();
    expect(within(nav).queryByTestId('nav-subscription')).toBeNull();
  });

  it('marks the current page, and only it, for assistive technology', () => {
    const nav = renderMenu(listingFor({ q_vault: true }), { path: '/documents/review' });
    const current = nav.querySelectorAll('[aria-current="page"]');
    expect(current).toHaveLength(1);
    expect(current[0]?.getAttribute('href')).toBe('/documents/review');
    expect(within(nav).getByTestId('nav-documents').getAttribute('aria-current')).toBeNull();
  });

  it('folded to icons, every item keeps its name and the groups keep their headings', () => {
    const nav = renderMenu(listingFor({ q_vault: true }), { collapsed: true });
    expect(within(nav).getByRole('link', { name: 'Documents' })).toBeTruthy();
    expect(within(nav).getByRole('list', { name: 'Q-Vault' })).toBeTruthy();
    expect(within(nav).getByTestId('nav-documents').textContent).toBe('');
  });
});

describe('main menu follows the site template', () => {
  beforeEach(() => signInAs(['Company Owner']));

  it('leaves out the entries whose screens the template turns off, and keeps the others', () => {
    const pro = listingFor({
      q_vault: true,
      content_compliance_monitoring: true,
      active_company_monitoring: 25,
    });
    let nav = renderMenu(pro);
    for (const id of ['nav-webcrawler', 'nav-directory', 'nav-trust-profile', 'nav-company-page'])
      expect(within(nav).getByTestId(id)).toBeTruthy();
    document.body.innerHTML = '';
    useBranding.setState({
      plSiteTemplateId: 8,
      elements: [
        terminology('menuWebcrawler', false),
        terminology('menuTrustProfile', false),
        terminology('menuDirectory', true),
        terminology('productName', false),
      ],
    });
    try {
      nav = renderMenu(pro);
      expect(within(nav).queryByTestId('nav-webcrawler')).toBeNull();
      expect(within(nav).queryByTestId('nav-trust-profile')).toBeNull();
      expect(within(nav).getByTestId('nav-directory')).toBeTruthy();
      expect(within(nav).getByTestId('nav-company-page')).toBeTruthy();
      expect(within(nav).getByTestId('nav-qmonitor')).toBeTruthy();
      expect(within(nav).getByTestId('nav-team')).toBeTruthy();
    } finally {
      useBranding.setState({ plSiteTemplateId: null, elements: [] });
    }
  });
});
