import { useTranslation } from 'react-i18next';
import { BackToSignInLink } from '@/features/auth/components/auth-form';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <ForgotPasswordForm />
      <BackToSignInLink />
    </>
  );
}
