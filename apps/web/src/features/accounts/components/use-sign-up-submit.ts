import { LANGUAGES } from '@trustleaf/domain/rules/themes';
import type { UserRegisterInput } from '@trustleaf/domain/schemas/accounts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerUser } from '@/features/accounts/api/register-user';
import { sendSignUpCode } from '@/features/accounts/api/send-sign-up-code';
import { verifySignUpCode } from '@/features/accounts/api/verify-sign-up-code';
import { ApiError } from '@/lib/api-client';
import { errorText, errorTextLoaded } from '@/lib/error-notice';

/**
 * A promo code's refusals carry the app's keys (billing); the sign-up pages, which do not load the
 * app's strings, tell them in their own by the refusal's code.
 */
export const PROMO_REFUSAL_KEYS: Partial<Record<string, string>> = {
  INVALID_PROMO_CODE: 'signUp.server.promoInvalid',
  MAX_USAGE_PROMO_CODE: 'signUp.server.promoMaxUsage',
};

export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

/**
 * Spec 1 §4 "Sign-up flow" shared by both sign-up forms: send the code and open the modal; on a correct
 * code register, then hand over to the caller's sign-in. Server messages land in the form's warning alert.
 */
export function useSignUpSubmit(
  onRegistered: (email: string, password: string) => Promise<void>,
  onApiError?: (error: ApiError) => void,
) {
  const { t, i18n } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const pending = useRef<UserRegisterInput | null>(null);

  function showError(error: unknown, fallback = t('errors.generic')) {
    if (error instanceof ApiError) onApiError?.(error);
    const promoKey = error instanceof ApiError ? PROMO_REFUSAL_KEYS[error.code] : undefined;
    const refused = !promoKey && error instanceof ApiError && error.status > 0 && error.status < 500;
    const shown = promoKey ? t(promoKey) : refused ? errorText(t, error) : fallback;
    setServerError(shown);
    scrollToTop();
    // A refusal whose message is not among the sign-up page's is shown again once it is loaded.
    if (refused)
      void errorTextLoaded(t, error).then((text) =>
        setServerError((current) => (current === shown ? text : current)),
      );
  }

  // The code's email is written in the page's language.
  const codeRequest = (payload: UserRegisterInput) => ({
    email: payload.email,
    firstName: payload.firstName,
    lastName: payload.lastName,
    language: LANGUAGES.find((language) => language === i18n.resolvedLanguage),
  });

  async function start(payload: UserRegisterInput) {
    setServerError(null);
    pending.current = payload;
    try {
      await sendSignUpCode(codeRequest(payload));
      setVerifyEmail(payload.email);
    } catch (error) {
      showError(error);
    }
  }

  async function verify(code: string) {
    const payload = pending.current;
    if (!payload) return;
    await verifySignUpCode({ email: payload.email, signUpCode: code });
    // The dialog stays open, its Verify busy, until the account is registered and signed in (the page
    // then leaves): closed at once, the form sat for seconds as if nothing were happening, with Create
    // account ready to be pressed again, which emails a new code.
    try {
      await registerUser(payload);
    } catch (error) {
      setVerifyEmail(null);
      showError(error);
      return;
    }
    try {
      await onRegistered(payload.email, payload.password);
    } catch (error) {
      setVerifyEmail(null);
      showError(error, t('signUp.profileFailed'));
    }
  }

  async function resend() {
    const payload = pending.current;
    if (!payload) return;
    await sendSignUpCode(codeRequest(payload));
  }

  return {
    serverError,
    setServerError,
    showError,
    start,
    dialogProps: {
      email: verifyEmail,
      onClose: () => setVerifyEmail(null),
      onVerify: verify,
      onResend: resend,
    },
  };
}
