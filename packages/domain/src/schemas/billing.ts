import { z } from 'zod';
import { DISCOUNT_TYPES, PAYMENT_FREQUENCIES, TRIAL_UNITS, type PaymentFrequency } from '../rules/pricing.ts';
import {
  BILLING_ADMIN_MESSAGES,
  DELAY_DURATION_MESSAGE,
  keyedRefusal,
  PROMO_REFUSALS,
  promoBoundOfDay,
} from '../rules/promo.ts';
import { SUBSCRIPTION_STATUSES } from '../rules/subscription.ts';
import {
  IdSchema,
  IntSchema,
  flatPaging,
  MAX_PAGE_SIZE,
  MoneyInputSchema,
  MoneySchema,
  PaginationOptionSchema,
  QueryIdSchema,
  QueryIntSchema,
  TextSchema,
  VALIDATION_MESSAGES,
  anySpellingEnum,
  keyedText,
  maxCharacters,
  refuseWith,
  requiredText,
} from './common.ts';

const companyId = IdSchema;

export const PaymentFrequencySchema = z.enum(PAYMENT_FREQUENCIES);
export const DiscountTypeSchema = z.enum(DISCOUNT_TYPES);
export const TrialUnitSchema = z.enum(TRIAL_UNITS);
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const RegionSchema = z.enum(['US', 'CA']);

/**
 * What requests accept: spec 2 §7 writes the frequency "annual or monthly" and the promo discount
 * "percent or amount", spec 3 §3 MONTHLY and ANNUAL and trial units "day, week, month, year"; either
 * spelling parses to the declared value (responses keep the declared one).
 */
export const PaymentFrequencyInputSchema = anySpellingEnum(PAYMENT_FREQUENCIES);
const DiscountTypeInputSchema = anySpellingEnum(DISCOUNT_TYPES);
const TrialUnitInputSchema = anySpellingEnum(TRIAL_UNITS);
const StatusInputSchema = anySpellingEnum(['ACTIVE', 'INACTIVE']);
const RegionInputSchema = anySpellingEnum(['US', 'CA']);

export const DelayedRestrictionSchema = z.object({
  /** The feature's sources the restriction applies to (spec 3 §3); empty means all of them. */
  sourceIds: z.array(IdSchema).max(100).default([]),
  // Bounded to 0…1000 below, with the spec's one message for every failure.
  // eslint-disable-next-line no-restricted-syntax
  delayDuration: z
    .int({ error: DELAY_DURATION_MESSAGE })
    .min(0, DELAY_DURATION_MESSAGE)
    .max(1000, DELAY_DURATION_MESSAGE),
  delayUnit: z.enum(['DAY', 'WEEK', 'MONTH']),
  state: z.enum(['NON_INTERACTABLE', 'HIDDEN']),
});

/** A restriction as written: spec 3 §9 names the delay units day, week, month; §3 DAY, WEEK, MONTH. */
const DelayedRestrictionInputSchema = DelayedRestrictionSchema.extend({
  delayUnit: anySpellingEnum(['DAY', 'WEEK', 'MONTH']),
  state: anySpellingEnum(['NON_INTERACTABLE', 'HIDDEN']),
});

export const PlanFeatureConfigSchema = z.object({
  available: z.boolean(),
  include: z.boolean(),
  clientThreshold: IntSchema.min(0).nullable(),
  status: z.enum(['NON_INTERACTABLE', 'HIDDEN']),
});

export const FeatureSchema = z.object({
  plFeatureId: IntSchema,
  key: TextSchema,
  name: TextSchema,
  featureType: z.enum(['NUMBER', 'BOOLEAN']),
  available: z.boolean(),
  priority: IntSchema,
  isMenuSetting: z.boolean(),
});

/** A feature as one plan configures it. */
export const PlanFeatureSchema = FeatureSchema.extend({
  planFeatureConfig: PlanFeatureConfigSchema,
  restriction: DelayedRestrictionSchema.nullable(),
});
export type PlanFeature = z.infer<typeof PlanFeatureSchema>;

export const DetailDescriptionSchema = z.object({
  title: TextSchema.max(200),
  detailDescriptions: z
    .array(z.object({ shortDescription: TextSchema.max(255), detailDescription: TextSchema.max(20_000) }))
    .max(50),
});

/** How a plan may be paid for, and whether it may be skipped: the same switches read and written. */
const PaymentSwitches = {
  enableCcPaymentMonthly: z.boolean(),
  enableCcPaymentAnnually: z.boolean(),
  enableEftPaymentMonthly: z.boolean(),
  enableEftPaymentAnnually: z.boolean(),
  enableSkipPaywall: z.boolean(),
};

export const PlanSchema = z.object({
  plPlanId: IntSchema,
  name: TextSchema,
  status: z.enum(['ACTIVE', 'INACTIVE']),
  region: RegionSchema,
  priority: IntSchema,
  monthlyFee: MoneySchema,
  annualFee: MoneySchema,
  promoMonthlyFee: MoneySchema.nullable(),
  promoAnnualFee: MoneySchema.nullable(),
  ...PaymentSwitches,
  trialDuration: IntSchema.nullable(),
  trialUnit: TrialUnitSchema.nullable(),
  detailDescription: DetailDescriptionSchema,
  features: z.array(PlanFeatureSchema),
});
export type Plan = z.infer<typeof PlanSchema>;

const PlanFilterFields = {
  status: StatusInputSchema.default('ACTIVE'),
  region: RegionInputSchema.default('US'),
  systemPlatform: TextSchema.max(50).optional(),
  sortOrder: anySpellingEnum(['ASC', 'DESC']).default('ASC'),
};
export const GetPlansInputSchema = flatPaging(PaginationOptionSchema.extend(PlanFilterFields));
export type GetPlansInput = z.infer<typeof GetPlansInputSchema>;
/** The same filters in a query string (spec 3 §7 `GET /api/plan?filters`): numbers arrive as text. */
export const GetPlansQuerySchema = z.object({
  ...PlanFilterFields,
  itemsPerPage: QueryIntSchema.min(1).max(MAX_PAGE_SIZE).default(10),
  currentPage: QueryIntSchema.min(1).default(1),
});
/** Spec 3 §7 `GET /api/plan/{id}`. */
export const PlanIdQuerySchema = z.object({ id: QueryIdSchema });

export const PlanListSchema = z.object({ items: z.array(PlanSchema), total: IntSchema });

export const PlanListingInputSchema = z.object({ plCompanyId: IntSchema.min(0).optional() });
export const PlanDetailInputSchema = z.object({ plCompanyId: IntSchema.min(0), plPlanId: companyId });

export const PlanUpsertSchema = z
  .object({
    plPlanId: IdSchema.optional(),
    name: keyedText(
      100,
      { required: VALIDATION_MESSAGES.required, tooLong: maxCharacters(100) },
      TextSchema.trim(),
    ),
    status: StatusInputSchema,
    region: RegionInputSchema,
    priority: IntSchema.min(0).max(1000),
    monthlyFee: MoneyInputSchema,
    annualFee: MoneyInputSchema,
    promoMonthlyFee: MoneyInputSchema.nullable(),
    promoAnnualFee: MoneyInputSchema.nullable(),
    ...PaymentSwitches,
    trialDuration: IntSchema.min(1).max(365).nullable(),
    trialUnit: TrialUnitInputSchema.nullable(),
    detailDescription: DetailDescriptionSchema,
    features: z
      .array(
        z.object({
          plFeatureId: IdSchema,
          planFeatureConfig: PlanFeatureConfigSchema,
          restriction: DelayedRestrictionInputSchema.nullable(),
        }),
      )
      .max(100),
  })
  .refine(
    (plan) => (plan.trialDuration === null) === (plan.trialUnit === null),
    keyedRefusal(BILLING_ADMIN_MESSAGES.trialPair, ['trialUnit']),
  );
export type PlanUpsert = z.infer<typeof PlanUpsertSchema>;

export const UpdatePlanInputSchema = z.object({
  plCompanyId: IntSchema.min(0),
  plans: z.array(PlanUpsertSchema).min(1).max(50),
});
export type UpdatePlanInput = z.infer<typeof UpdatePlanInputSchema>;

export const CompanySubscriptionSchema = z.object({
  plCompanySubscriptionId: IntSchema,
  status: SubscriptionStatusSchema,
  paymentFrequency: PaymentFrequencySchema,
  autoRenew: z.boolean(),
  startedAt: TextSchema,
  currentPeriodStart: TextSchema,
  currentPeriodEnd: TextSchema,
  trialEndsAt: TextSchema.nullable(),
  trialDuration: IntSchema.nullable(),
  trialUnit: TrialUnitSchema.nullable(),
  price: MoneySchema,
  promoCode: TextSchema.nullable(),
  nextRetryAt: TextSchema.nullable(),
  subscription: z.object({ plPlanId: IntSchema, name: TextSchema }),
});
export type CompanySubscription = z.infer<typeof CompanySubscriptionSchema>;

export const CompanySubscriptionListingSchema = z.object({
  companySubscriptions: z.array(CompanySubscriptionSchema),
  metadata: z.object({ availablePlans: z.array(IntSchema) }),
  /** The features of the active plan (null without one), for the shared gating function. */
  features: z.array(PlanFeatureSchema).nullable(),
  appliedPromoCode: TextSchema.nullable(),
});
export type CompanySubscriptionListing = z.infer<typeof CompanySubscriptionListingSchema>;

export const CompanyIdBodySchema = z.object({ plCompanyId: companyId });

/** What a purchase names: the company, the plan, the frequency and an optional promo code. */
const PurchaseInputSchema = z.object({
  plCompanyId: companyId,
  plPlanId: companyId,
  paymentFrequency: PaymentFrequencyInputSchema,
  promoCode: TextSchema.trim().max(255).optional().nullable(),
});

export const StartSubscriptionInputSchema = PurchaseInputSchema;
export type StartSubscriptionInput = z.infer<typeof StartSubscriptionInputSchema>;

/**
 * A switch of plan or frequency, or auto-renew turned off or on (spec 2 §3 lists autoRenew with the
 * subscription and §4 reads "auto-renew off" as canceled). The plan and frequency may be left out only
 * when autoRenew is sent: they then stay as they are.
 */
export const UpdateCompanySubscriptionInputSchema = z
  .object({
    plCompanyId: companyId,
    plPlanId: companyId.optional(),
    paymentFrequency: PaymentFrequencyInputSchema.optional(),
    /** The preview's quotedAt: the switch is prorated at that instant when it is recent (QUOTE_VALID_MS). */
    quotedAt: z.iso.datetime().optional().nullable(),
    autoRenew: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.autoRenew !== undefined) return;
    if (input.plPlanId === undefined) refuseWith(ctx, VALIDATION_MESSAGES.required, ['plPlanId']);
    if (input.paymentFrequency === undefined)
      refuseWith(ctx, VALIDATION_MESSAGES.required, ['paymentFrequency']);
  });
export type UpdateCompanySubscriptionInput = z.infer<typeof UpdateCompanySubscriptionInputSchema>;
/** A switch names both the plan and the frequency (the service fills in the current ones). */
export type SwitchSubscriptionInput = Omit<UpdateCompanySubscriptionInput, 'autoRenew'> & {
  plPlanId: number;
  paymentFrequency: PaymentFrequency;
};

export const FeatureAccessInputSchema = z.object({
  plCompanyId: companyId,
  featureKey: TextSchema.max(100),
  usage: IntSchema.min(0).optional(),
});

export const TRANSACTION_STATUSES = ['Paid', 'Failed', 'Refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TransactionSchema = z.object({
  plTransactionId: IntSchema,
  plCompanyId: IntSchema,
  /** The paying company's name, for the admin listing of every company's payments. */
  companyName: TextSchema,
  amount: MoneySchema,
  refundedAmount: MoneySchema,
  currency: TextSchema,
  status: z.enum(TRANSACTION_STATUSES),
  description: TextSchema,
  failureMessage: TextSchema.nullable(),
  brand: TextSchema.nullable(),
  last4: TextSchema.nullable(),
  createdAt: TextSchema,
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** A calendar day, `YYYY-MM-DD` (UTC). */
const DaySchema = z.iso.date('Enter a date as YYYY-MM-DD');

/**
 * `plCompanyId` 0 is every company (super admins); the filters are optional and combine. Paged flat
 * or in a nested `paginationOption`, as the other listings are.
 */
export const TransactionListingInputSchema = flatPaging(
  PaginationOptionSchema.extend({
    plCompanyId: IntSchema.min(0),
    status: z.enum(TRANSACTION_STATUSES).optional(),
    /** First and last day included, by the payment's date (UTC). */
    fromDate: DaySchema.optional(),
    toDate: DaySchema.optional(),
    /** Part of the company's name or of the payment's description, any case. */
    search: TextSchema.trim().max(100).optional(),
  }).refine((input) => !input.fromDate || !input.toDate || input.fromDate <= input.toDate, {
    message: 'The start date must be on or before the end date',
    path: ['toDate'],
  }),
);
export type TransactionListingInput = z.infer<typeof TransactionListingInputSchema>;

/** Spec 3 §7 financialListing: payments summed by calendar month (UTC) for the admin console. */
export const FinancialListingInputSchema = z.object({
  /** 0 (or absent) is every company. */
  plCompanyId: IntSchema.min(0).default(0),
  /** How many months back from the current one, the current one included. */
  months: IntSchema.min(1).max(36).default(12),
});
export const FinancialMonthSchema = z.object({
  /** `YYYY-MM`. */
  month: TextSchema,
  /** Successful charges of the month (before refunds), their count, the part refunded since, the rest. */
  charged: MoneySchema,
  payments: IntSchema,
  refunded: MoneySchema,
  net: MoneySchema,
  /** Declined charges of the month. */
  failed: IntSchema,
});
export type FinancialMonth = z.infer<typeof FinancialMonthSchema>;
export const FinancialListingSchema = z.object({
  currency: TextSchema,
  /** Oldest first, every month of the range present (zeros when nothing was charged). */
  months: z.array(FinancialMonthSchema),
});
export const TransactionListSchema = z.object({ items: z.array(TransactionSchema), total: IntSchema });

export const RefundInputSchema = z.object({
  plTransactionId: IdSchema,
  amount: MoneyInputSchema.positive().optional(),
});

export const PromoPlanSchema = z.object({
  plPlanId: IdSchema,
  paymentFrequency: PaymentFrequencySchema,
  discountType: DiscountTypeSchema,
  /** Whole cents (percent: hundredths); the stored amounts always are. */
  discountAmount: MoneyInputSchema,
});

const PromoPlanInputSchema = PromoPlanSchema.extend({
  paymentFrequency: PaymentFrequencyInputSchema,
  discountType: DiscountTypeInputSchema,
});

export const PromoCodeSchema = requiredText(255, {
  required: PROMO_REFUSALS.required,
  tooLong: PROMO_REFUSALS.tooLong,
});

const CalendarDaySchema = z.iso.date();

/**
 * A promo's date as an instant, or as a calendar day (`yyyy-MM-dd`, spec 3 §9) read as the admin
 * console does: the first day from its start, the last to its end, in the platform time zone.
 */
function promoDate(bound: 'start' | 'end') {
  return z.preprocess(
    (value: unknown) =>
      CalendarDaySchema.safeParse(value).success ? promoBoundOfDay(value as string, bound) : value,
    z.iso.datetime({ offset: true }).nullable(),
  );
}

export const UpsertPromoInputSchema = z
  .object({
    plPromoId: IdSchema.optional(),
    promoCode: PromoCodeSchema,
    status: StatusInputSchema,
    startDate: promoDate('start'),
    endDate: promoDate('end'),
    limitUsage: z.boolean(),
    maxUsage: IntSchema.min(0).nullable(),
    // At least one plan: refused below with a rule's key, which `.min(1)` cannot carry; the API's
    // document still says so.
    promoPlans: z.array(PromoPlanInputSchema).max(100).meta({ minItems: 1 }),
  })
  .refine((p) => p.promoPlans.length > 0, keyedRefusal(BILLING_ADMIN_MESSAGES.noActivePlan, ['promoPlans']))
  .refine(
    (p) => !p.limitUsage || p.maxUsage !== null,
    keyedRefusal(BILLING_ADMIN_MESSAGES.maxUsageRequired, ['maxUsage']),
  )
  .refine(
    (p) => p.promoPlans.every((plan) => plan.discountType !== 'PERCENT' || plan.discountAmount <= 100),
    keyedRefusal(BILLING_ADMIN_MESSAGES.percentMax, ['promoPlans']),
  )
  .refine(
    (p) => !p.startDate || !p.endDate || Date.parse(p.endDate) >= Date.parse(p.startDate),
    keyedRefusal(BILLING_ADMIN_MESSAGES.dateOrder, ['endDate']),
  );
export type UpsertPromoInput = z.infer<typeof UpsertPromoInputSchema>;

export const PromoSchema = z.object({
  plPromoId: IntSchema,
  promoCode: TextSchema,
  status: z.enum(['ACTIVE', 'INACTIVE']),
  startDate: TextSchema.nullable(),
  endDate: TextSchema.nullable(),
  limitUsage: z.boolean(),
  maxUsage: IntSchema.nullable(),
  totalUsage: IntSchema,
  promoPlans: z.array(PromoPlanSchema),
});
export type Promo = z.infer<typeof PromoSchema>;

export const PromoListSchema = z.object({ items: z.array(PromoSchema), total: IntSchema });
/** Spec 2 §7 sends getPromoDetail's code as `code`; the promo's own field is promoCode: either is read. */
export const PromoDetailInputSchema = z.preprocess(
  (body: unknown) =>
    body !== null && typeof body === 'object' && !('promoCode' in body) && 'code' in body
      ? { ...body, promoCode: body.code }
      : body,
  z.object({ promoCode: PromoCodeSchema }),
);

export const PromoDiscountInputSchema = z.object({
  plCompanyId: companyId,
  plPlanId: companyId,
  paymentFrequency: PaymentFrequencyInputSchema,
  promoCode: PromoCodeSchema,
});
export const PromoDiscountSchema = z.object({
  promoCode: TextSchema,
  discountType: DiscountTypeSchema,
  discountAmount: MoneySchema,
  actualDiscountAmount: MoneySchema,
  price: MoneySchema,
  discountedPrice: MoneySchema,
  firstBillingDate: TextSchema,
});
export type PromoDiscount = z.infer<typeof PromoDiscountSchema>;

export const ApplyPromoInputSchema = z.object({ plCompanyId: companyId, promoCode: PromoCodeSchema });
export const PromoFormSchema = z.object({ promoCode: PromoCodeSchema });

/** What a purchase would charge, before any charge (issue 19): a start, or a switch of plan or frequency. */
export const PreviewSubscriptionInputSchema = PurchaseInputSchema;
export type PreviewSubscriptionInput = z.infer<typeof PreviewSubscriptionInputSchema>;

export const SubscriptionPreviewSchema = z.object({
  kind: z.enum(['START', 'SWITCH']),
  plPlanId: IntSchema,
  planName: TextSchema,
  paymentFrequency: PaymentFrequencySchema,
  /** The plan's price for one period. */
  price: MoneySchema,
  /** What the promo takes off the first paid period. */
  discount: MoneySchema,
  promoCode: TextSchema.nullable(),
  /** The unused share of the current paid period (switch). */
  credit: MoneySchema,
  /** Charged when the purchase is confirmed. */
  amountNow: MoneySchema,
  trialEndsAt: TextSchema.nullable(),
  nextRenewalDate: TextSchema,
  nextRenewalAmount: MoneySchema,
  /** Send it back with the switch: confirming within 15 minutes charges exactly this preview. */
  quotedAt: TextSchema,
});
export type SubscriptionPreview = z.infer<typeof SubscriptionPreviewSchema>;
