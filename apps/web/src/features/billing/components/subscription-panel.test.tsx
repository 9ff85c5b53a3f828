import { screen, within } from '@testing-library/react';
import {
  companySubscriptionListing,
  getCompanyPaymentMethod,
  getPlans,
  transactionListing,
} from '@trustleaf/domain/api/billing';
import { TransactionSchema } from '@trustleaf/domain/schemas/billing';
import { describe, expect, it } from 'vitest';
import { listingFor, testPlan } from '@/testing/billing-fixtures';
import { answer, server } from '@/testing/msw';
import { renderApp, SIGNED_IN_PROFILE } from '@/testing/test-utils';
import { SubscriptionPanel } from './subscription-panel';

const WAIT = { timeout: 10_000 };
/** The company's owner, who sees the card and the payments. */
const OWNER = {
  ...SIGNED_IN_PROFILE,
  currentUser: {
    ...SIGNED_IN_PROFILE.currentUser,
    memberOfCompany: { plCompanyId: 42, roles: ['Company Owner'] },
  },
};

describe('subscription page: payment history', { timeout: 20_000 }, () => {
  it('lists each payment as a block on a phone, each field after its heading, the amount on one line', async () => {
    server.use(
      answer(companySubscriptionListing, listingFor({})),
      answer(getPlans, { items: [testPlan()], total: 1 }),
      answer(getCompanyPaymentMethod, { companyPaymentMethod: null }),
      answer(transactionListing, {
        items: [
          TransactionSchema.parse({
            plTransactionId: 11,
            plCompanyId: 42,
            companyName: 'Acme Hemp',
            amount: 149,
            refundedAmount: 0,
            currency: 'USD',
            status: 'Paid',
            description: 'Subscription: Pro (monthly)',
            failureMessage: null,
            brand: 'visa',
            last4: '4242',
            createdAt: '2026-12-07T15:00:00.000Z',
          }),
        ],
        total: 1,
      }),
    );
    renderApp(<SubscriptionPanel />, { route: '/account/subscription', session: OWNER });
    const row = await screen.findByTestId('payment-row', {}, WAIT);
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Date',
      'Description',
      'Amount',
      'Status',
    ]);
    expect(cells[2]!.textContent).toBe('$149.00');
    expect(getComputedStyle(cells[2]!).whiteSpace).toBe('nowrap');
  });
});
