import { keyedMessages } from '../validation-issues.ts';

/**
 * Card form rules of spec 2 §5, checked in the browser before the card is tokenised. The card number
 * and CVV never reach the Trustleaf API (DESIGN "Security rules").
 */
export const CARD_MESSAGES = {
  required: 'This field is required',
  max100: 'Maximum 100 characters',
  zip: 'Postal Code is incorrect',
  number: 'Card number is incorrect',
  expiryFormat: 'Invalid expiration Date. Ex: MM/YY',
  expiryPast: 'Invalid expiration day',
  cvv: 'Incorrect ex: 123 or 1234',
} as const;

/** The card form's refusals with their locale keys (`billing.card.errors.*`). */
export const CARD_REFUSALS = keyedMessages('billing.card.errors', CARD_MESSAGES);

export const cardDigits = (value: string): string => value.replace(/[\s_-]/g, '');

/** 16 digits in groups of four, or 15 (4-4-4-3 typed as 4-6-5 by Amex too) when it starts with 3. */
export function isCardNumberValid(value: string): boolean {
  const digits = cardDigits(value);
  if (!/^\d+$/.test(digits)) return false;
  return digits.startsWith('3') ? digits.length === 15 : digits.length === 16;
}

/** MM/YY (or MMYY); null when the format is wrong. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/?(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** Valid through the last day of the expiry month. */
export function isExpiryInPast(expiry: { month: number; year: number }, now: Date): boolean {
  return (
    expiry.year < now.getFullYear() ||
    (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)
  );
}

export function isCvvValid(cvv: string, cardNumber: string): boolean {
  const digits = cardDigits(cardNumber);
  return digits.startsWith('3') ? /^\d{3,4}$/.test(cvv) : /^\d{3}$/.test(cvv);
}

export const CANADIAN_POSTAL_CODE = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;

export function cardBrand(cardNumber: string): string {
  const digits = cardDigits(cardNumber);
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** A card brand as people write it ('visa' → 'Visa'); an unknown brand reads as 'Card'. */
export function cardBrandName(brand: string | null | undefined): string {
  return BRAND_NAMES[(brand ?? '').toLowerCase()] ?? 'Card';
}

export function luhnValid(cardNumber: string): boolean {
  const digits = cardDigits(cardNumber);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}
