import { isSessionEndReason } from '@trustleaf/domain/rules/session-end';
import { afterSignInTarget } from '@trustleaf/domain/rules/sign-in-target';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAppStore } from '@/stores/app-store';
import { LazyAlert } from '@/components/feedback/lazy-alert';

export function SignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const hasSession = useAppStore((state) => state.session !== null && state.account.currentUser !== null);
  // Without a redirectUrl this is `/`, which sends a plan with a landing route of its own on to it
  // (spec 3 §2; the plan is read there, in the app's chunk, to keep this page's first load small).
  const target = afterSignInTarget(searchParams.get('redirectUrl'));
  const reason = searchParams.get('reason');

  if (hasSession) return <Navigate to={target} replace />;

  return (
    <>
      <AuthHeading title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} />
      {isSessionEndReason(reason) ? (
        <LazyAlert severity="info" sx={{ mb: 2 }} data-testid="session-ended">
          {t(`auth.signIn.sessionEnded.${reason}`)}
        </LazyAlert>
      ) : null}
      <SignInForm onSuccess={() => void navigate(target, { replace: true })} />
    </>
  );
}
