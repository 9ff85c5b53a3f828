import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applyPromoCode,
  cancelPromoCode,
  cancelSubscription,
  getPromoDiscount as getPromoDiscountEndpoint,
  refund,
  resumeSubscription,
  sandboxTokens,
  startSubscription,
  updateCompanyPaymentMethod,
  updateCompanySubscription,
  updatePlan,
  upsertPromo,
} from '@trustleaf/domain/api/billing';
import type {
  CardToken,
  UpdatePaymentMethodInput,
  UpsertPromoInput,
  UpdatePlanInput,
} from '@trustleaf/domain/schemas/billing';
import type { PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-queries';

function useInvalidateBilling() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingKeys.all });
}

/**
 * Hosted-fields stand-in: the card goes from the browser straight to the payment gateway, which
 * answers with a token. Our API only ever sees the token (DESIGN "Security rules").
 */
export function tokenizeCard(card: { ccnumber: string; ccexp: string; cvv: string }): Promise<CardToken> {
  return api.call(sandboxTokens, card);
}

export function useSavePaymentMethod() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (input: UpdatePaymentMethodInput) => api.call(updateCompanyPaymentMethod, input),
    onSuccess: invalidate,
  });
}

export interface StartInput {
  plCompanyId: number;
  plPlanId: number;
  paymentFrequency: PaymentFrequency;
  promoCode?: string | null;
  /** One key per checkout: a double click or a retried request charges once. */
  idempotencyKey: string;
}

export function useStartSubscription() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: StartInput) =>
      api.call(startSubscription, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: invalidate,
  });
}

export function useSwitchSubscription() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: Omit<StartInput, 'promoCode'> & { quotedAt?: string }) =>
      api.call(updateCompanySubscription, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: invalidate,
  });
}

export function useCancelSubscription() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (companyId: number) => api.call(cancelSubscription, { plCompanyId: companyId }),
    onSuccess: invalidate,
  });
}

/** Auto-renew back on after a cancel, on the same plan (issue 19). */
export function useResumeSubscription() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (companyId: number) => api.call(resumeSubscription, { plCompanyId: companyId }),
    onSuccess: invalidate,
  });
}

export function getPromoDiscount(input: {
  plCompanyId: number;
  plPlanId: number;
  paymentFrequency: PaymentFrequency;
  promoCode: string;
}) {
  return api.call(getPromoDiscountEndpoint, input);
}

export function useApplyPromo() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (input: { plCompanyId: number; promoCode: string }) => api.call(applyPromoCode, input),
    onSuccess: invalidate,
  });
}

export function useCancelPromo() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (companyId: number) => api.call(cancelPromoCode, { plCompanyId: companyId }),
    onSuccess: invalidate,
  });
}

export function useUpdatePlans() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (input: UpdatePlanInput) => api.call(updatePlan, input),
    onSuccess: invalidate,
  });
}

export function useUpsertPromo() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (input: UpsertPromoInput) => api.call(upsertPromo, input),
    onSuccess: invalidate,
  });
}

export const newIdempotencyKey = (): string => `web-${crypto.randomUUID()}`;

/** Super admin: refunds a payment in full (no amount) or in part; the listing and summary refetch. */
export function useRefund() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (input: { plTransactionId: number; amount?: number }) => api.call(refund, input),
    onSuccess: invalidate,
  });
}
