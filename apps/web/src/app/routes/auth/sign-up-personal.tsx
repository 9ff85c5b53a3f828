import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { PersonalSignUpForm } from '@/features/accounts/components/personal-sign-up-form';
import { useCompleteSignIn } from '@/app/routes/auth/use-complete-sign-in';
import { useExtraLocale } from '@/lib/locale-bundle';
import { useAppStore } from '@/stores/app-store';

/**
 * The short personal sign-up (spec 1 §2 item 2). An invite token joins the inviting company; a claim
 * code needs the company fields, so it continues on the company form, prefilled.
 */
export function SignUpPersonalRoute() {
  useExtraLocale();
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const hasSession = useAppStore((state) => state.session !== null && state.account.currentUser !== null);
  const claimCode = searchParams.get('claimCode');
  if (hasSession) return <Navigate to={paths.home.getHref()} replace />;
  if (claimCode) return <Navigate to={paths.auth.signUp.getHref(claimCode)} replace />;
  return (
    <>
      <AuthHeading title={t('signUp.personalTitle')} subtitle={t('signUp.personalSubtitle')} />
      <PersonalSignUpForm
        inviteMemberCode={searchParams.get('inviteMemberCode')}
        onRegistered={completeSignIn}
      />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('signUp.haveAccount')}{' '}
        <Link component={RouterLink} to={paths.auth.signIn.getHref()}>
          {t('signUp.signInLink')}
        </Link>
      </Typography>
    </>
  );
}
