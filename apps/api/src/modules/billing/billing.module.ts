import type { Db } from '../../db/client.ts';
import type { CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CompanyLocks } from '../../lib/company-locks.ts';
import { createIdempotency, createIdempotencyRepository } from '../../lib/idempotency.ts';
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
import { createSubscriptionsService } from './subscriptions.service.ts';
import { createTransactionsService } from './transactions.service.ts';

export interface BillingModuleDeps {
  /** For billing's repositories only: its services get the access check and the transaction runner. */
  db: Db;
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
export function createBillingModule({
  db,
  companyAccess,
  inTransaction,
  clock,
  gateway,
  mailer,
  appUrl,
  locks,
  enqueueNotice,
  record = async () => {},
  log = () => {},
}: BillingModuleDeps) {
  const paymentsRepo = createPaymentsRepository(db);
  const subscriptionsRepo = createSubscriptionsRepository(db);
  const plans = createPlansService({ companyAccess, repo: createPlansRepository(db) });
  const promos = createPromosService({ companyAccess, repo: createPromosRepository(db), plans, clock });
  const notices = createNoticesService({
    inTransaction,
    repo: createNoticesRepository(db),
    plans,
    mailer,
    appUrl,
    enqueueNotice,
    log,
  });
  const { charge } = createCharges({ inTransaction, repo: paymentsRepo, gateway, record });
  // What starting, switching and renewing a subscription all work with.
  const subscriptionDeps = {
    companyAccess,
    repo: subscriptionsRepo,
    paymentMethods: paymentsRepo,
    plans,
    promos,
    notices,
    charge,
    clock,
    locks,
  };
  const subscriptions = createSubscriptionsService({
    ...subscriptionDeps,
    withIdempotency: createIdempotency(createIdempotencyRepository(db)),
    record,
  });
  const renewals = createRenewalsService({
    ...subscriptionDeps,
    listing: subscriptions.listing,
  });
  const payments = createPaymentsService({
    companyAccess,
    repo: paymentsRepo,
    subscriptions: subscriptionsRepo,
    clock,
    gateway,
    locks,
    record,
    retryFailedRenewal: renewals.retryFailed,
  });
  const transactions = createTransactionsService({
    companyAccess,
    repo: paymentsRepo,
    clock,
    gateway,
    locks,
  });
  return { plans, promos, subscriptions, payments, renewals, transactions, notices };
}
export type BillingModule = ReturnType<typeof createBillingModule>;
