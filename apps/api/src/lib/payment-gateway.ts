import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  cardBrand,
  cardDigits,
  isCardNumberValid,
  isCvvValid,
  isExpiryInPast,
  luhnValid,
  parseExpiry,
} from '@trustleaf/domain/rules/card';
import { GATEWAY_REFUSALS as G } from '@trustleaf/domain/rules/billing-refusals';
import type { Db } from '../db/client.ts';
import { sandboxGatewayCharges, sandboxGatewayTokens } from '../db/schema.ts';
import type { Clock } from './clock.ts';

/** What a gateway tells us about a tokenised card: never the number or the CVV. */
export interface CardDescription {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type ChargeResult = { ok: true; chargeId: string } | { ok: false; message: string };
export type RefundResult = { ok: true } | { ok: false; message: string };

/**
 * The one seam to a card processor. Trustleaf holds only tokens; every charge carries an
 * idempotency key so a retried request or job charges once (as Stripe's Idempotency-Key).
 */
export interface PaymentGateway {
  readonly name: string;
  describeToken(token: string): Promise<CardDescription | null>;
  charge(input: {
    token: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    description: string;
  }): Promise<ChargeResult>;
  refund(input: { chargeId: string; amountCents: number }): Promise<RefundResult>;
}

const DECLINED_MESSAGE = G.cardDeclined.message;

/** Test cards (issue 4): behaviour by number, the way processors' test modes work. */
const DECLINE_ON_TOKENISE = new Set(['4000000000000002']);
const FAIL_ON_CHARGE = new Set(['4000000000000341']);

export type TokenizeResult =
  ({ ok: true; token: string } & CardDescription) | { ok: false; messages: string[] };

/**
 * The in-app sandbox gateway: tokenises cards for the browser (standing in for a processor's
 * hosted fields) and charges and refunds tokens. It keeps brand, last four and expiry with the token
 * and never the card number or CVV.
 */
export function createSandboxGateway(
  db: Db,
  clock: Clock,
): PaymentGateway & {
  tokenize(card: { ccnumber: string; ccexp: string; cvv: string }): Promise<TokenizeResult>;
} {
  return {
    name: 'sandbox',

    async tokenize(card) {
      const digits = cardDigits(card.ccnumber);
      const expiry = parseExpiry(card.ccexp);
      if (!isCardNumberValid(digits) || !luhnValid(digits))
        return { ok: false, messages: [G.cardNumberIncorrect.message] };
      if (!expiry || isExpiryInPast(expiry, clock.now()))
        return { ok: false, messages: [G.cardExpiryIncorrect.message] };
      if (!isCvvValid(card.cvv, digits))
        return { ok: false, messages: [G.cardSecurityCodeIncorrect.message] };
      if (DECLINE_ON_TOKENISE.has(digits)) return { ok: false, messages: [DECLINED_MESSAGE] };
      const description = {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: expiry.month,
        expYear: expiry.year,
      };
      const token = `tok_sandbox_${randomBytes(18).toString('base64url')}`;
      await db.insert(sandboxGatewayTokens).values({
        token,
        ...description,
        behavior: FAIL_ON_CHARGE.has(digits) ? 'FAIL_CHARGES' : 'APPROVE',
      });
      return { ok: true, token, ...description };
    },

    async describeToken(token) {
      const [row] = await db.select().from(sandboxGatewayTokens).where(eq(sandboxGatewayTokens.token, token));
      return row
        ? { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }
        : null;
    },

    async charge({ token, amountCents, idempotencyKey }) {
      const [existing] = await db
        .select()
        .from(sandboxGatewayCharges)
        .where(eq(sandboxGatewayCharges.idempotencyKey, idempotencyKey));
      if (existing) {
        return existing.status === 'SUCCEEDED'
          ? { ok: true, chargeId: existing.id }
          : { ok: false, message: existing.failureMessage ?? DECLINED_MESSAGE };
      }
      const [card] = await db
        .select()
        .from(sandboxGatewayTokens)
        .where(eq(sandboxGatewayTokens.token, token));
      const failure = !card
        ? G.cardNotFound.message
        : card.behavior === 'FAIL_CHARGES'
          ? DECLINED_MESSAGE
          : null;
      const id = `ch_sandbox_${randomBytes(12).toString('base64url')}`;
      const [row] = await db
        .insert(sandboxGatewayCharges)
        .values({
          id,
          idempotencyKey,
          token,
          amountCents,
          status: failure ? 'FAILED' : 'SUCCEEDED',
          failureMessage: failure,
        })
        .onConflictDoUpdate({
          target: sandboxGatewayCharges.idempotencyKey,
          set: { idempotencyKey: sql`excluded.idempotency_key` },
        })
        .returning();
      // A concurrent call with the same key gets the first call's row back.
      return row!.status === 'SUCCEEDED'
        ? { ok: true, chargeId: row!.id }
        : { ok: false, message: row!.failureMessage ?? DECLINED_MESSAGE };
    },

    async refund({ chargeId, amountCents }) {
      const [row] = await db
        .update(sandboxGatewayCharges)
        .set({ refundedCents: sql`${sandboxGatewayCharges.refundedCents} + ${amountCents}` })
        .where(
          sql`${sandboxGatewayCharges.id} = ${chargeId} and ${sandboxGatewayCharges.status} = 'SUCCEEDED' and ${sandboxGatewayCharges.refundedCents} + ${amountCents} <= ${sandboxGatewayCharges.amountCents}`,
        )
        .returning();
      return row ? { ok: true } : { ok: false, message: G.refundRefused.message };
    },
  };
}
export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
