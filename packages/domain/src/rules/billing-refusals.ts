import { keyedMessages, type KeyedMessage } from '../validation-issues.ts';

export const PAYMENT_IN_PROGRESS_MESSAGE =
  'A payment for this company is already in progress. Please try again in a moment.';

/**
 * Billing's refusals (409, the 400/402/429 of a purchase or a card) with their locale keys
 * (`billing.refusals.*`), so the web shows them in the reader's language by the key the answer carries.
 */
export const BILLING_REFUSALS = keyedMessages('billing.refusals', {
  paymentInProgress: PAYMENT_IN_PROGRESS_MESSAGE,
  promoExists: 'A promo with this code already exists',
  subscriptionStarting: 'A subscription is already being started',
  startFirst: 'Start a subscription first',
  subscriptionEnded: 'This subscription has ended. Start a subscription instead.',
  onlyPaidRefunds: 'Only paid transactions can be refunded',
  refundTooLarge: 'The refund is larger than what remains of the payment',
  refundInProgress: 'A payment or refund for this company is in progress. Please try again in a moment.',
  cardNotAllowed: 'This plan cannot be paid by card at that frequency',
  alreadySubscribed: 'The company already has an active subscription; switch plan instead',
  addPaymentMethod: 'Please add a payment method',
  featureNotIncluded: 'Your subscription does not include this feature. Upgrade your plan to use it.',
  cardNotVerified: 'Your card could not be verified. Please enter it again.',
  cardNotTokenised: 'Card details must be tokenised',
  tooManyCardAttempts: 'Too many card attempts. Please wait a minute and try again.',
  paymentFailed: 'Payment failed',
});

/**
 * What the payment gateway answers a card or a charge with, each with its locale key
 * (`billing.refusals.*`): the gateway speaks English, the reader sees the key's text.
 */
export const GATEWAY_REFUSALS = keyedMessages('billing.refusals', {
  cardNumberIncorrect: 'Your card number is incorrect.',
  cardExpiryIncorrect: "Your card's expiration date is incorrect.",
  cardSecurityCodeIncorrect: "Your card's security code is incorrect.",
  cardDeclined: 'Your card was declined.',
  cardNotFound: 'Your card could not be found.',
  refundRefused: 'The charge cannot be refunded for that amount.',
});

const KNOWN_PAYMENT_TEXTS = new Map(
  [...Object.values(GATEWAY_REFUSALS), BILLING_REFUSALS.addPaymentMethod, BILLING_REFUSALS.paymentFailed].map(
    (refusal) => [refusal.message, refusal],
  ),
);

/**
 * A failed charge, refund or card as a keyed refusal: the gateway's known texts (and the charge's own,
 * such as a missing card) by their keys; any other text from the gateway keeps its words, named in
 * `billing.refusals.gatewayRefused`.
 */
export function paymentRefusal(message: string): KeyedMessage {
  return (
    KNOWN_PAYMENT_TEXTS.get(message) ?? {
      key: 'billing.refusals.gatewayRefused',
      message,
      params: { reason: message },
    }
  );
}
