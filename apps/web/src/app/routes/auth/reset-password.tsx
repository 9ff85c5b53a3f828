import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { BackToSignInLink } from '@/features/auth/components/auth-form';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  // A link without a token, or one the server refused (expired, already used): the way on is a new link.
  const [refused, setRefused] = useState(false);
  const usable = token !== '' && !refused;

  const onSuccess = () => {
    enqueueSnackbar(t('auth.reset.success'), { variant: 'success' });
    void navigate(paths.auth.signIn.getHref(), { replace: true });
  };

  return (
    <>
      <AuthHeading title={t('auth.reset.title')} subtitle={usable ? t('auth.reset.subtitle') : undefined} />
      {usable ? (
        <ResetPasswordForm token={token} onSuccess={onSuccess} onLinkInvalid={() => setRefused(true)} />
      ) : (
        <>
          <Alert severity="error" data-testid="reset-link-invalid">
            {t('auth.reset.missingToken')}
          </Alert>
          <Button
            component={RouterLink}
            to={paths.auth.forgotPassword.getHref()}
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 3 }}
          >
            {t('auth.reset.requestNewLink')}
          </Button>
        </>
      )}
      <BackToSignInLink />
    </>
  );
}
