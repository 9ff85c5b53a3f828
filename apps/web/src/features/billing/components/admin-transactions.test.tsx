import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refund, transactionListing } from '@trustleaf/domain/api/billing';
import { TransactionSchema, type Transaction } from '@trustleaf/domain/schemas/billing';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { AdminTransactions } from './admin-transactions';

const PAYMENT: Transaction = TransactionSchema.parse({
  plTransactionId: 11,
  plCompanyId: 42,
  companyName: 'Acme Hemp',
  amount: 149,
  refundedAmount: 49,
  currency: 'USD',
  status: 'Paid',
  description: 'Pro plan, monthly',
  failureMessage: null,
  brand: 'visa',
  last4: '4242',
  createdAt: '2026-11-02T15:00:00.000Z',
});

beforeEach(() => {
  server.use(
    answer(transactionListing, { items: [PAYMENT], total: 1 }),
    answer(refund, { ...PAYMENT, refundedAmount: 149 }),
  );
});

async function openRefund() {
  renderApp(<AdminTransactions />, { session: 'signed-in' });
  fireEvent.click(await screen.findByRole('button', { name: /^Refund \$149\.00 paid by Acme Hemp$/ }));
  return screen.getByRole('dialog', { name: 'Refund payment' });
}

describe('admin transactions: refund', () => {
  it('refuses more than is left to refund before any call, then refunds the amount typed', async () => {
    const dialog = await openRefund();
    const amount = within(dialog).getByTestId('refund-amount');
    fireEvent.change(amount, { target: { value: '100.01' } });
    fireEvent.click(within(dialog).getByTestId('refund-confirm'));
    expect(await within(dialog).findByText('Enter an amount above 0 and at most $100.00.')).toBeTruthy();
    expect(sentTo(refund)).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.click(within(dialog).getByTestId('refund-confirm'));
    await waitFor(() => expect(sentTo(refund)).toEqual([{ plTransactionId: 11, amount: 100 }]));
  });

  it('refunds in full when no amount is typed', async () => {
    const dialog = await openRefund();
    fireEvent.click(within(dialog).getByTestId('refund-confirm'));
    await waitFor(() => expect(sentTo(refund)).toEqual([{ plTransactionId: 11 }]));
  });

  it('puts the server’s refusal on the amount', async () => {
    server.use(
      handle(refund, () =>
        validationFailure({
          field: 'amount',
          message: 'The refund is more than is left to refund',
          key: 'validation.custom',
        }),
      ),
    );
    const dialog = await openRefund();
    fireEvent.change(within(dialog).getByTestId('refund-amount'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByTestId('refund-confirm'));
    expect(await within(dialog).findByText('The refund is more than is left to refund')).toBeTruthy();
    expect(within(dialog).getByTestId('refund-amount').getAttribute('aria-invalid')).toBe('true');
  });
});
