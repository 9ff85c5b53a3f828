import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <ForgotPasswordForm />
      <Link
        component={RouterLink}
        to={paths.auth.signIn.getHref()}
        variant="body2"
        underline="hover"
        sx={{ display: 'inline-block', mt: 3 }}
      >
        {t('auth.backToSignIn')}
      </Link>
    </>
  );
}
