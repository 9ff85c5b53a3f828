import type { Db } from '../../db/client.ts';
import type { CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CompanyLocks } from '../../lib/company-locks.ts';
import type { WithIdempotency } from '../../lib/idempotency.ts';
import type { OutboxMailer } from '../../lib/mailer.ts';
import type { PaymentGateway } from '../../lib/payment-gateway.ts';
import type { InTransaction } from '../../lib/transaction.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { BillingNotice } from './billing.jobs.ts';
import { createNoticesRepository } from './notices.repository.ts';
import { createNoticesService } from './notices.service.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createCharges, createPaymentsService } from './payments.service.ts';
import { createPlansRepository } from './plans.repository.ts';
import { createPlansService } from './plans.service.ts';
import { createPromosRepository } from './promos.repository.ts';
import { createPromosService } from './promos.service.ts';
import { createRenewalsService } from './renewals.service.ts';
import { createSubscriptionsRepository } from './subscriptions.repository.ts';
import { createSubscriptionsService, type SubscriptionWork } from './subscriptions.service.ts';
import { createTransactionsService } from './transactions.service.ts';

/** Billing's repositories, built by the composition root over its database. */
export function createBillingRepositories(db: Db) {
  return {
    plans: createPlansRepository(db),
    promos: createPromosRepository(db),
    notices: createNoticesRepository(db),
    payments: createPaymentsRepository(db),
    subscriptions: createSubscriptionsRepository(db),
  };
}
export type BillingRepositories = ReturnType<typeof createBillingRepositories>;

export interface BillingModuleDeps {
  repos: BillingRepositories;
  /** Makes subscription starts safe to retry (the Idempotency-Key header). */
  withIdempotency: WithIdempotency;
  companyAccess: CompanyAccess;
  inTransaction: InTransaction;
  clock: Clock;
  gateway: PaymentGateway;
  mailer: OutboxMailer;
  appUrl: string;
  /** One charge in flight per company (the billing account's lock). */
  locks: CompanyLocks;
  /** Queues a billing email (the billing.send-notice job); none when absent. */
  enqueueNotice?: (notice: BillingNotice) => Promise<void>;
  /** The activity log: subscription changes, card updates and every charge's outcome. */
  record?: RecordActivity;
  log?: (line: string) => void;
}

/**
 * Billing's services, built once for the API routes and the jobs: plans, promos, subscriptions,
 * the card and its charges (payments), renewals, transactions (listing, refunds) and the emails.
 */
export function createBillingModule(deps: BillingModuleDeps) {
  const { repos, companyAccess, inTransaction, clock, gateway, locks } = deps;
  const { record = async () => {}, log = () => {} } = deps;
  const plans = createPlansService({ companyAccess, repo: repos.plans });
  const promos = createPromosService({ companyAccess, repo: repos.promos, plans, clock });
  const notices = createNoticesService({
    inTransaction,
    repo: repos.notices,
    plans,
    mailer: deps.mailer,
    appUrl: deps.appUrl,
    enqueueNotice: deps.enqueueNotice,
    log,
  });
  const { charge } = createCharges({ inTransaction, repo: repos.payments, gateway, record });
  const work: SubscriptionWork = {
    companyAccess,
    repo: repos.subscriptions,
    paymentMethods: repos.payments,
    plans,
    promos,
    notices,
    charge,
    clock,
    locks,
  };
  const subscriptions = createSubscriptionsService({
    ...work,
    withIdempotency: deps.withIdempotency,
    record,
  });
  const renewals = createRenewalsService({ ...work, listing: subscriptions.listing });
  const payments = createPaymentsService({
    companyAccess,
    repo: repos.payments,
    subscriptions: repos.subscriptions,
    clock,
    gateway,
    locks,
    record,
    retryFailedRenewal: renewals.retryFailed,
  });
  const transactions = createTransactionsService({
    companyAccess,
    repo: repos.payments,
    clock,
    gateway,
    locks,
  });
  return { plans, promos, subscriptions, payments, renewals, transactions, notices };
}
export type BillingModule = ReturnType<typeof createBillingModule>;
