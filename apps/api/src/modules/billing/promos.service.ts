import type { Promo, PromoDiscount, UpsertPromoInput } from '@trustleaf/domain/schemas/billing';
import {
  discountedPrice,
  roundCents,
  type DiscountType,
  type PaymentFrequency,
} from '@trustleaf/domain/rules/pricing';
import { PROMO_REFUSALS, normalisePromoCode, promoValidity } from '@trustleaf/domain/rules/promo';
import { trialEnd } from '@trustleaf/domain/rules/subscription';
import type { DbExecutor } from '../../db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.ts';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';
import { BILLING_REFUSALS } from '@trustleaf/domain/rules/billing-refusals';
import { iso, MANAGERS, priceOfPlan, requireSuperAdmin } from './billing.common.ts';
import type { PlansService } from './plans.service.ts';
import {
  createPromosRepository,
  type PromoPlanRow,
  type PromoRow,
  type PromosRepository,
} from './promos.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** A promo plan's discount as the pricing rule takes it (a price, an amount or a percent). */
const discountAmountOf = (promoPlan: PromoPlanRow): number => promoPlan.discountAmountX100 / 100;

export interface PromosServiceDeps {
  companyAccess: CompanyAccess;
  repo: PromosRepository;
  plans: Pick<PlansService, 'loadPlan'>;
  clock: Clock;
}

/** Promo codes: the super admin's editor, a company's pending code, and the discount a code gives. */
export function createPromosService({ companyAccess, repo, plans, clock }: PromosServiceDeps) {
  /**
   * The promo if it may be used now, or the coded error the promo dialog shows. A code the company
   * holds already (applied, not yet used by a subscription) counts among its uses: its last use is
   * the company's, not a reason to refuse it.
   */
  function requireUsable(promo: PromoRow | null, held = false): PromoRow {
    const validity = promoValidity(promo, clock.now());
    if (validity === 'MAX_USAGE_PROMO_CODE' && held && promo) return promo;
    if (validity === 'MAX_USAGE_PROMO_CODE') throw refusal('MAX_USAGE_PROMO_CODE', PROMO_REFUSALS.maxUsage);
    if (validity !== 'VALID' || !promo) throw refusal('INVALID_PROMO_CODE', PROMO_REFUSALS.invalid);
    return promo;
  }

  const requireUsablePromo = async (code: string) =>
    requireUsable(await repo.findPromoByCode(normalisePromoCode(code)));

  /**
   * The promo that applies to a plan and frequency for a company, or the coded error the promo
   * dialog shows.
   */
  async function promoFor(code: string, planId: number, frequency: PaymentFrequency, companyId: number) {
    const found = await repo.findPromoByCode(normalisePromoCode(code));
    const held = found !== null && (await repo.pendingRedemption(companyId))?.promo.id === found.id;
    const promo = requireUsable(found, held);
    const promoPlan = await repo.promoPlan(promo.id, planId, frequency);
    if (!promoPlan) throw refusal('INVALID_PROMO_CODE', PROMO_REFUSALS.invalid);
    return { promo, promoPlan };
  }

  async function redeem(promo: PromoRow, companyId: number, queries = repo): Promise<void> {
    const outcome = await queries.redeemPromo(promo.id, companyId, clock.now());
    if (outcome === 'EXHAUSTED') throw refusal('MAX_USAGE_PROMO_CODE', PROMO_REFUSALS.maxUsage);
  }

  /**
   * Holds a promo for the company's next subscription; the usage is counted once, atomically. The
   * code the company holds already is answered as it is, even once the code has run out.
   */
  async function applyPromo(queries: PromosRepository, companyId: number, promoCode: string) {
    const promo = await queries.findPromoByCode(normalisePromoCode(promoCode));
    const pending = await queries.pendingRedemption(companyId);
    if (promo && pending?.promo.id === promo.id) return { promoCode: promo.code };
    const usable = requireUsable(promo);
    if (pending) await queries.cancelPendingRedemptions(companyId);
    await redeem(usable, companyId, queries);
    return { promoCode: usable.code };
  }

  /** The promo a subscription's first paid period carries, as the pricing rule takes it. */
  async function firstPeriodPromo(
    promoId: number | null,
    planId: number,
    frequency: PaymentFrequency,
  ): Promise<{ type: DiscountType; amount: number } | null> {
    if (!promoId) return null;
    const promoPlan = await repo.promoPlan(promoId, planId, frequency);
    if (!promoPlan) return null;
    return { type: promoPlan.discountType, amount: discountAmountOf(promoPlan) };
  }

  async function promoDetailById(id: number): Promise<Promo> {
    const promo = await repo.findPromo(id);
    if (!promo) throw refusal('NOT_FOUND', COMMON_REFUSALS.promoNotFound);
    const promoPlanRows = await repo.promoPlansOf([id]);
    return {
      plPromoId: promo.id,
      promoCode: promo.code,
      status: promo.status,
      startDate: iso(promo.startDate),
      endDate: iso(promo.endDate),
      limitUsage: promo.limitUsage,
      maxUsage: promo.maxUsage,
      totalUsage: promo.totalUsage,
      promoPlans: promoPlanRows.map((p) => ({
        plPlanId: p.planId,
        paymentFrequency: p.paymentFrequency,
        discountType: p.discountType,
        discountAmount: p.discountAmountX100 / 100,
      })),
    };
  }

  return {
    promoFor,
    redeem,
    firstPeriodPromo,
    /** The codes of promos by id (those that still exist). */
    async promoCodes(promoIds: number[]): Promise<Map<number, string>> {
      const codes = new Map<number, string>();
      for (const id of promoIds) {
        const promo = await repo.findPromo(id);
        if (promo) codes.set(id, promo.code);
      }
      return codes;
    },
    pendingRedemption: (companyId: number) => repo.pendingRedemption(companyId),
    consumeRedemption: (promoId: number, companyId: number, subscriptionId: number) =>
      repo.consumeRedemption(promoId, companyId, subscriptionId),

    async upsertPromo(auth: AuthContext, input: UpsertPromoInput): Promise<Promo> {
      requireSuperAdmin(auth);
      const code = normalisePromoCode(input.promoCode);
      const id = await repo
        .upsertPromo(
          {
            code,
            status: input.status,
            startDate: input.startDate ? new Date(input.startDate) : null,
            endDate: input.endDate ? new Date(input.endDate) : null,
            limitUsage: input.limitUsage,
            maxUsage: input.maxUsage,
          },
          input.plPromoId,
          input.promoPlans.map((p) => ({
            planId: p.plPlanId,
            paymentFrequency: p.paymentFrequency,
            discountType: p.discountType,
            discountAmountX100: Math.round(p.discountAmount * 100),
          })),
        )
        .catch((error: unknown) => {
          const pgCode = pgErrorCode(error);
          if (pgCode === UNIQUE_VIOLATION) throw refusal('CONFLICT', BILLING_REFUSALS.promoExists);
          if (pgCode === FOREIGN_KEY_VIOLATION)
            throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.unknownPlan);
          throw error;
        });
      if (id === null) throw refusal('NOT_FOUND', COMMON_REFUSALS.promoNotFound);
      if (id === 'DUPLICATE') throw refusal('CONFLICT', BILLING_REFUSALS.promoExists);
      return promoDetailById(id);
    },

    async promoListing(auth: AuthContext, page: { currentPage: number; itemsPerPage: number }) {
      requireSuperAdmin(auth);
      const { items, total } = await repo.listPromos({
        limit: page.itemsPerPage,
        offset: (page.currentPage - 1) * page.itemsPerPage,
      });
      return { items: await Promise.all(items.map((p) => promoDetailById(p.id))), total };
    },

    /** Any signed-in user may look a code up (the sign-up form does); invalid codes say so. */
    async promoDetail(code: string): Promise<Promo> {
      const promo = await requireUsablePromo(code);
      return promoDetailById(promo.id);
    },

    async getPromoDiscount(
      auth: AuthContext,
      input: { plCompanyId: number; plPlanId: number; paymentFrequency: PaymentFrequency; promoCode: string },
    ): Promise<PromoDiscount> {
      await companyAccess.require(auth, input.plCompanyId);
      const plan = await plans.loadPlan(input.plPlanId);
      const { promo, promoPlan } = await promoFor(
        input.promoCode,
        plan.id,
        input.paymentFrequency,
        input.plCompanyId,
      );
      const price = priceOfPlan(plan, input.paymentFrequency);
      const amount = discountAmountOf(promoPlan);
      const discounted = discountedPrice(price, promoPlan.discountType, amount);
      const now = clock.now();
      const firstBilling =
        plan.trialDuration && plan.trialUnit ? trialEnd(now, plan.trialDuration, plan.trialUnit) : now;
      return {
        promoCode: promo.code,
        discountType: promoPlan.discountType,
        discountAmount: amount,
        actualDiscountAmount: roundCents(price - discounted),
        price,
        discountedPrice: discounted,
        firstBillingDate: firstBilling.toISOString(),
      };
    },

    async applyPromoCode(auth: AuthContext, input: { plCompanyId: number; promoCode: string }) {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      return applyPromo(repo, input.plCompanyId, input.promoCode);
    },

    /**
     * applyPromoCode for a company being created (sign-up, spec 1 §3 and §8), inside the caller's
     * transaction: the use is counted when the registration commits, and never when it fails.
     */
    async applyPromoCodeInTransaction(tx: DbExecutor, plCompanyId: number, promoCode: string) {
      return applyPromo(createPromosRepository(tx), plCompanyId, promoCode);
    },

    async cancelPromoCode(auth: AuthContext, companyId: number) {
      await companyAccess.require(auth, companyId, MANAGERS);
      await repo.cancelPendingRedemptions(companyId);
    },
  };
}
export type PromosService = ReturnType<typeof createPromosService>;
