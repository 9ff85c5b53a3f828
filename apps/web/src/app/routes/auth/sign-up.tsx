export { SignUpPersonalRoute } from '@/app/routes/auth/sign-up-personal';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { CompanySignUpForm } from '@/features/accounts/components/company-sign-up-form';
import { WebsiteCheckPanel } from '@/features/accounts/components/website-check-panel';
import { useCompleteSignIn } from '@/app/routes/auth/use-complete-sign-in';
import { useExtraLocale } from '@/lib/locale-bundle';
import { useAppStore } from '@/stores/app-store';

/** The company onboarding page (spec 1 §2 item 1); `?claimCode=` prefills a prospect's profile. */
export function SignUpRoute() {
  useExtraLocale();
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const hasSession = useAppStore((state) => state.session !== null && state.account.currentUser !== null);
  if (hasSession) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <>
      <AuthHeading title={t('signUp.title')} subtitle={t('signUp.subtitle')} />
      <CompanySignUpForm initialClaimCode={searchParams.get('claimCode')} onRegistered={completeSignIn} />
      <Box sx={{ mt: 3, display: 'grid', gap: 1, textAlign: 'center' }}>
        <Typography variant="body2">
          {t('signUp.haveAccount')}{' '}
          <Link component={RouterLink} to={paths.auth.signIn.getHref()}>
            {t('signUp.signInLink')}
          </Link>
        </Typography>
        <Typography variant="body2">
          {t('signUp.joinCompanyInstead')}{' '}
          <Link component={RouterLink} to={paths.auth.signUpPersonal.getHref()}>
            {t('signUp.personalLink')}
          </Link>
        </Typography>
      </Box>
      <WebsiteCheckPanel />
    </>
  );
}
