import { afterSignInTarget } from '@trustleaf/domain/rules/landing';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAppStore } from '@/stores/app-store';

export function SignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const hasSession = useAppStore((state) => state.session !== null && state.account.currentUser !== null);
  // Plans arrive with subscriptions; until then every account lands on the fallback route.
  const target = afterSignInTarget(searchParams.get('redirectUrl'), null);

  if (hasSession) return <Navigate to={target} replace />;

  return (
    <>
      <AuthHeading title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} />
      <SignInForm onSuccess={() => void navigate(target, { replace: true })} />
    </>
  );
}
