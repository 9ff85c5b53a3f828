import Alert from '@mui/material/Alert';
import { enqueueSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { BackToSignInLink } from '@/features/auth/components/auth-form';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';

  const onSuccess = () => {
    enqueueSnackbar(t('auth.reset.success'), { variant: 'success' });
    void navigate(paths.auth.signIn.getHref(), { replace: true });
  };

  return (
    <>
      <AuthHeading title={t('auth.reset.title')} subtitle={token ? t('auth.reset.subtitle') : undefined} />
      {token ? (
        <ResetPasswordForm token={token} onSuccess={onSuccess} />
      ) : (
        <Alert severity="error">{t('auth.reset.missingToken')}</Alert>
      )}
      <BackToSignInLink />
    </>
  );
}
