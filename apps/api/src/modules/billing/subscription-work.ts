import type { CompanySubscription } from '@trustleaf/domain/schemas/billing';
import type { CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CompanyLocks } from '../../lib/company-locks.ts';
import type { WithIdempotency } from '../../lib/idempotency.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import { iso, toDollars } from './billing.common.ts';
import type { NoticesService } from './notices.service.ts';
import type { Charge } from './payments.service.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PlansService } from './plans.service.ts';
import type { PromosService } from './promos.service.ts';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.ts';

export function toSubscription(
  row: SubscriptionRow,
  planName: string,
  promoCode: string | null,
): CompanySubscription {
  return {
    plCompanySubscriptionId: row.id,
    status: row.status,
    paymentFrequency: row.paymentFrequency,
    autoRenew: row.autoRenew,
    startedAt: row.startedAt.toISOString(),
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    trialEndsAt: iso(row.trialEndsAt),
    trialDuration: row.trialDuration,
    trialUnit: row.trialUnit,
    price: toDollars(row.priceCents),
    promoCode,
    nextRetryAt: iso(row.nextRetryAt),
    subscription: { plPlanId: row.planId, name: planName },
  };
}
/** What starting, switching and renewing a subscription all work with (the renewals service too). */
export interface SubscriptionWork {
  companyAccess: CompanyAccess;
  repo: SubscriptionsRepository;
  paymentMethods: Pick<PaymentsRepository, 'findPaymentMethod' | 'paidChargeCount'>;
  plans: PlansService;
  promos: PromosService;
  notices: Pick<NoticesService, 'queueNotice' | 'receipt' | 'paymentFailed' | 'ended' | 'findNotice'>;
  charge: Charge;
  clock: Clock;
  /** One charge in flight per company (the billing account's lock). */
  locks: CompanyLocks;
}

export interface SubscriptionsServiceDeps extends SubscriptionWork {
  withIdempotency: WithIdempotency;
  record: RecordActivity;
}
