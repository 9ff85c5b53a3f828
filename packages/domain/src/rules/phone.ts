import { isValidPhoneNumber } from 'libphonenumber-js';

export const PHONE_INVALID_MESSAGE = 'Phone number is invalid';

/**
 * Spec 1 §5: an empty phone is allowed; anything else must be a valid number. Numbers typed without a
 * country code get +1 (US and Canada share it), so both regions' numbers pass with the one mask.
 */
export function isValidPhone(value: string | null | undefined): boolean {
  const trimmed = (value ?? '').trim();
  if (!trimmed || !/\d/.test(trimmed)) return trimmed.replace(/[\s()_-]/g, '') === '';
  if (trimmed.startsWith('+')) return isValidPhoneNumber(trimmed);
  const digits = trimmed.replace(/\D/g, '');
  return isValidPhoneNumber(digits.length === 11 && digits.startsWith('1') ? `+${digits}` : `+1${digits}`);
}

/**
 * The mask leaves placeholders in an untouched field; those count as empty. Anything else is kept for
 * the phone rule to judge: letters ('abc') were taken as empty, so a save cleared the number it meant
 * to change.
 */
export function normalizePhone(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed.replace(/[\s()_-]/g, '') === '' ? '' : trimmed;
}
