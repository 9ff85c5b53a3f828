import { screen } from '@testing-library/react';
import { listDocuments } from '@trustleaf/domain/api/documents';
import { describe, expect, it } from 'vitest';
import { DocumentsRoute } from '@/app/routes/app/documents';
import { paths } from '@/config/paths';
import { getCompanySubscriptionQueryOptions } from '@/features/billing/api/get-company-subscription';
import { listingFor } from '@/testing/billing-fixtures';
import { handle, sentRequests, sentTo, server } from '@/testing/msw';
import { SIGNED_IN_PROFILE, renderApp } from '@/testing/test-utils';

/** Rendering waits on fetches and MUI transitions: generous on a loaded machine. */
const WAIT = { timeout: 10_000 };
const COMPANY_ID = SIGNED_IN_PROFILE.currentCompany!.plCompanyId;
/** A member who neither uploads COAs nor chooses reviewers: the page is the documents' table alone. */
const VIEWER = {
  ...SIGNED_IN_PROFILE,
  currentUser: {
    ...SIGNED_IN_PROFILE.currentUser,
    memberOfCompany: { plCompanyId: COMPANY_ID, roles: ['Weak User'] },
  },
};

function renderWithPlan(grants: Record<string, true | number>) {
  renderApp(<DocumentsRoute />, {
    route: '/documents',
    session: VIEWER,
    staleTime: Infinity,
    queryData: [[getCompanySubscriptionQueryOptions(COMPANY_ID).queryKey, listingFor(grants)]],
  });
}

describe('/documents and the plan', { timeout: 20_000 }, () => {
  it('shows what the vault is for and the way to the plans when the plan lacks it, and asks nothing', async () => {
    renderWithPlan({ content_compliance_monitoring: true });
    const notice = await screen.findByTestId('vault-locked', {}, WAIT);
    expect(notice.textContent).toContain('Your plan does not include the document vault.');
    const plans = screen.getByRole('link', { name: 'View plans' });
    expect(plans.getAttribute('href')).toBe(paths.account.subscription.getHref(true));
    expect(screen.queryByRole('table')).toBeNull();
    // The vault's calls would only be refused (402).
    expect(sentRequests().filter((request) => request.path.startsWith('/api/document/'))).toEqual([]);
  });

  it("lists the company's documents when the plan has the vault", async () => {
    server.use(handle(listDocuments, () => ({ documents: [] })));
    renderWithPlan({ q_vault: true });
    expect(await screen.findByRole('table', { name: 'Company documents' }, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('vault-locked')).toBeNull();
    expect(sentTo(listDocuments)).toEqual([{ plCompanyId: String(COMPANY_ID) }]);
  });
});
