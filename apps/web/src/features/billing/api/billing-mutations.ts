import type { SubscriptionStatus } from '@trustleaf/domain/rules/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resumeSubscription } from '@trustleaf/domain/api/billing';
import type {
  CardToken,
  CompanySubscription,
  PromoDiscount,
  UpdatePaymentMethodInput,
  UpsertPromoInput,
  UpdatePlanInput,
} from '@trustleaf/domain/schemas/billing';
import type { PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { billingKeys } from './billing-queries';

function useInvalidateBilling() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingKeys.all });
}

/**
 * Hosted-fields stand-in: the card goes from the browser straight to the payment gateway, which
 * answers with a token. Our API only ever sees the token (DESIGN "Security rules").
 */
export async function tokenizeCard(card: {
  ccnumber: string;
  ccexp: string;
  cvv: string;
}): Promise<CardToken> {
  const response = await fetch('/sandbox-gateway/tokens', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(card),
  });
  const body = (await response.json().catch(() => null)) as (CardToken & { messages?: string[] }) | null;
  if (!response.ok || !body?.token) {
    throw new ApiError(response.status, 'PAYMENT_FAILED', body?.messages?.[0] ?? 'Payment failed');
  }
  return body;
}

export function useSavePaymentMethod() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (input: UpdatePaymentMethodInput) =>
      api.request<{ last4: string; subscriptionStatus: SubscriptionStatus | null }>(
        '/api/company/updateCompanyPaymentMethod',
        { body: input },
      ),
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
      api.request<CompanySubscription>('/api/subscription/startSubscription', {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: invalidate,
  });
}

export function useSwitchSubscription() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: Omit<StartInput, 'promoCode'> & { quotedAt?: string }) =>
      api.request<CompanySubscription>('/api/subscription/updateCompanySubscription', {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: invalidate,
  });
}

export function useCancelSubscription() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (companyId: number) =>
      api.request('/api/subscription/cancelSubscription', { body: { plCompanyId: companyId } }),
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
  return api.request<PromoDiscount>('/api/subscription/getPromoDiscount', { body: input });
}

export function useApplyPromo() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (input: { plCompanyId: number; promoCode: string }) =>
      api.request<{ promoCode: string }>('/api/subscription/applyPromoCode', { body: input }),
    onSuccess: invalidate,
  });
}

export function useCancelPromo() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (companyId: number) =>
      api.request('/api/subscription/cancelPromoCode', { body: { plCompanyId: companyId } }),
    onSuccess: invalidate,
  });
}

export function useUpdatePlans() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (input: UpdatePlanInput) => api.request('/api/plan/updatePlan', { body: input }),
    onSuccess: invalidate,
  });
}

export function useUpsertPromo() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (input: UpsertPromoInput) => api.request('/api/subscription/upsertPromo', { body: input }),
    onSuccess: invalidate,
  });
}

export const newIdempotencyKey = (): string => `web-${crypto.randomUUID()}`;
