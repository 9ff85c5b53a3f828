/** Spec 3 §5 "Strong password": one rule for the sign-up form, the reset form and the server. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 50;
export const STRONG_PASSWORD_MESSAGE =
  'Include 12 characters, upper and lowercase letters, numbers, and special symbols';

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}
