import { z } from 'zod';
import { RefundInputSchema } from '../schemas/billing.ts';
import { VALIDATION_MESSAGES } from '../schemas/common.ts';
import { issueKey, type KeyedMessage } from '../validation-issues.ts';
import { refuseField } from './form-issues.ts';

/** The refund's amount: above 0 and at most what is left to refund (the form names that sum). */
export const REFUND_AMOUNT_MESSAGE: KeyedMessage = {
  key: 'billing.transactions.refund.amountInvalid',
  message: 'Enter an amount above 0, at most what is left to refund',
};

/** The refund dialog's field as typed: empty refunds what is left in full. */
export const RefundFormValuesSchema = z.object({ amount: z.string() });
export type RefundFormValues = z.infer<typeof RefundFormValuesSchema>;

/** What is left to refund of a payment, in cents to avoid 0.1 + 0.2. */
export const leftToRefund = (payment: { amount: number; refundedAmount: number }): number =>
  (Math.round(payment.amount * 100) - Math.round(payment.refundedAmount * 100)) / 100;

/** The refund payload the form makes (no amount: in full). */
export const refundInputOf = (plTransactionId: number, { amount }: RefundFormValues) => ({
  plTransactionId,
  ...(amount.trim() === '' ? {} : { amount: Number(amount) }),
});

/** The refund form's schema: the API's amount rule, and at most `left`. */
export function createRefundFormSchema(left: number) {
  return RefundFormValuesSchema.superRefine((values, ctx) => {
    const { amount } = refundInputOf(0, values);
    if (amount === undefined) return;
    const parsed = RefundInputSchema.shape.amount.safeParse(amount);
    // A fraction of a cent says so (the API refuses it the same way) rather than "at most what is left".
    const cents = parsed.error?.issues.some(
      (issue) =>
        issueKey(issue.code, (issue as { params?: unknown }).params) === VALIDATION_MESSAGES.cents.key,
    );
    if (cents) refuseField(ctx, ['amount'], VALIDATION_MESSAGES.cents);
    else if (!parsed.success || amount > left) refuseField(ctx, ['amount'], REFUND_AMOUNT_MESSAGE);
  });
}
