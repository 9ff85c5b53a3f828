import type { Plan } from '@trustleaf/domain/schemas/billing';
import { describe, expect, it } from 'vitest';
import { paywallWidth, plansForFrequency } from './paywall-dialog';

const plan = (id: number, over: Partial<Plan> = {}) =>
  ({ plPlanId: id, enableCcPaymentAnnually: true, enableEftPaymentAnnually: false, ...over }) as Plan;

describe('paywall rules', () => {
  it('grows 336 px per plan beyond two', () => {
    expect(paywallWidth(1)).toBe(720);
    expect(paywallWidth(2)).toBe(720);
    expect(paywallWidth(3)).toBe(1056);
    expect(paywallWidth(5)).toBe(720 + 3 * 336);
  });

  it('filters yearly plans by the per-frequency payment flags and restricts to available plans', () => {
    const plans = [
      plan(1),
      plan(2, { enableCcPaymentAnnually: false }),
      plan(3, { enableCcPaymentAnnually: false, enableEftPaymentAnnually: true }),
    ];
    expect(plansForFrequency(plans, 'ANNUAL', []).map((p) => p.plPlanId)).toEqual([1, 3]);
    expect(plansForFrequency(plans, 'MONTHLY', []).map((p) => p.plPlanId)).toEqual([1, 2, 3]);
    expect(plansForFrequency(plans, 'MONTHLY', [2]).map((p) => p.plPlanId)).toEqual([2]);
  });
});
