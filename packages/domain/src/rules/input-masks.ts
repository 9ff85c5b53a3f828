/**
 * Spec 1 §5 "Input masks", as patterns for the mask library (imask syntax: 0 a digit, # a letter or
 * digit; `_` is the placeholder the server strips). One table so every field masks the same way.
 */
export const INPUT_MASKS = {
  salesMemberId: '000000',
  taxId: '00-0000000',
  canadianPostalCode: '*** ***',
  cardNumber: '0000 0000 0000 0000',
  cardNumberAlternate: '0000 0000 0000 000',
  /** MM/YY; the month's range is checked by the card form's schema (spec 2 §5). */
  cardExpiry: '00/00',
  cvv: '000',
  cvvAlternate: '0000',
  phone: '(000) 000-0000',
} as const;

export const CURRENCY_MASK = {
  thousandsSeparator: ',',
  radix: '.',
  scale: 2,
  maxIntegerDigits: 9,
  min: 0,
  max: 999_999_999.99,
} as const;

/** The alternate card type (15-digit numbers, 4-digit CVV) is the one whose numbers start with 3. */
export function isAlternateCard(cardNumber: string): boolean {
  return cardNumber.replace(/\D/g, '').startsWith('3');
}
