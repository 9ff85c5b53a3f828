import { z } from 'zod';
import {
  CANADIAN_POSTAL_CODE,
  CARD_REFUSALS as CARD,
  isCardNumberValid,
  isCvvValid,
  isExpiryInPast,
  parseExpiry,
} from '../rules/card.ts';
import { BILLING_ADMIN_MESSAGES } from '../rules/promo.ts';
import type { KeyedMessage } from '../validation-issues.ts';
import {
  IdSchema,
  IntSchema,
  keyedText,
  refuseWith,
  requiredText,
  TextSchema,
  VALIDATION_MESSAGES,
} from './common.ts';

/*
 * The card: what the browser tokenises and the card dialog's form (spec 2 §5). The API never receives
 * a card number; it takes the gateway's token (UpdatePaymentMethodInputSchema, below).
 */

/** The sandbox gateway's tokenisation call, standing in for a processor's browser SDK. */
export const SandboxTokenInputSchema = z.object({
  ccnumber: TextSchema.max(30),
  ccexp: TextSchema.max(7),
  cvv: TextSchema.max(4),
});
export const CardTokenSchema = z.object({
  token: TextSchema,
  brand: TextSchema,
  last4: TextSchema,
  expMonth: IntSchema,
  expYear: IntSchema,
});
export type CardToken = z.infer<typeof CardTokenSchema>;

/**
 * A card form field: trimmed unless `raw`, refused by the first of its rules that fails, with that
 * rule's keyed message (`billing.card.errors.*`).
 */
function cardField(rules: [ok: (value: string) => boolean, refused: KeyedMessage][], raw = false) {
  return (raw ? TextSchema : TextSchema.trim()).superRefine((value, ctx) => {
    const failed = rules.find(([ok]) => !ok(value));
    if (failed) refuseWith(ctx, failed[1]);
  });
}

const filled = (value: string) => value.length > 0;
const atMost = (max: number) => (value: string) => value.length <= max;
const CHARACTER_LIMIT = BILLING_ADMIN_MESSAGES.characterLimit;

/** The card dialog's form (spec 2 §5); region decides the zip rule. Browser only. */
export function createCardFormSchema(region: 'US' | 'CA', now: () => Date = () => new Date()) {
  const name = cardField([
    [filled, CARD.required],
    [atMost(100), CARD.max100],
  ]);
  return z
    .object({
      firstName: name,
      lastName: name,
      billingAddressLine1: name,
      billingAddressLine2: cardField([[atMost(100), CARD.max100]]),
      billingCity: name,
      billingState: name,
      billingZip: cardField([
        [filled, CARD.required],
        [atMost(10), CHARACTER_LIMIT],
        [(zip) => region !== 'CA' || CANADIAN_POSTAL_CODE.test(zip), CARD.zip],
      ]),
      billingCountry: cardField([[filled, CARD.required]]),
      ccnumber: cardField(
        [
          [filled, CARD.required],
          [isCardNumberValid, CARD.number],
        ],
        true,
      ),
      ccexp: cardField(
        [
          [filled, CARD.required],
          [(value) => parseExpiry(value) !== null, CARD.expiryFormat],
          [(value) => !isExpiryInPast(parseExpiry(value)!, now()), CARD.expiryPast],
        ],
        true,
      ),
      cvv: cardField([[filled, CARD.required]], true),
    })
    .superRefine((form, ctx) => {
      if (!isCvvValid(form.cvv, form.ccnumber)) refuseWith(ctx, CARD.cvv, ['cvv']);
    });
}
export type CardForm = z.infer<ReturnType<typeof createCardFormSchema>>;

/** A card form field as the API checks it again, refused with the card form's keyed messages (spec 2 §5). */
const cardText = (max: number, tooLong: KeyedMessage = CARD.max100) =>
  requiredText(max, { required: CARD.required, tooLong });

const isCanada = (country: string) => ['CA', 'CAN', 'CANADA'].includes(country.toUpperCase());

/** What the API accepts for a card: the gateway's token and the billing address, never the card. */
export const UpdatePaymentMethodInputSchema = z
  .object({
    plCompanyId: IdSchema,
    paymentToken: TextSchema.min(8).max(200),
    firstName: cardText(100),
    lastName: cardText(100),
    billingAddressLine1: cardText(100),
    billingAddressLine2: keyedText(100, { tooLong: CARD.max100 }, TextSchema.trim()).optional().nullable(),
    billingCity: cardText(100),
    billingState: cardText(100),
    billingZip: cardText(10, VALIDATION_MESSAGES.characterLimit),
    billingCountry: TextSchema.trim().min(2).max(60),
  })
  .superRefine((input, ctx) => {
    // Spec 2 §5: a Canadian billing zip looks like 'A1A 1A1', as the card form of the Canadian region
    // (whose country is CA) checks it.
    if (isCanada(input.billingCountry) && !CANADIAN_POSTAL_CODE.test(input.billingZip)) {
      refuseWith(ctx, CARD.zip, ['billingZip']);
    }
  });
export type UpdatePaymentMethodInput = z.infer<typeof UpdatePaymentMethodInputSchema>;

/** Body keys that would mean raw card data reached the API; refused before validation. */
export const RAW_CARD_FIELDS = ['ccnumber', 'cvv', 'cardNumber', 'cvc', 'cvv2', 'pan'] as const;
export const PAYMENT_METHOD_SAVED_MESSAGE = 'Update payment method successfully!';

export const PaymentMethodSchema = z.object({
  brand: TextSchema,
  last4: TextSchema,
  expMonth: IntSchema,
  expYear: IntSchema,
  firstName: TextSchema,
  lastName: TextSchema,
  billingAddressLine1: TextSchema,
  billingAddressLine2: TextSchema.nullable(),
  billingCity: TextSchema,
  billingState: TextSchema,
  billingZip: TextSchema,
  billingCountry: TextSchema,
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
