import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { isSessionEndReason } from '@trustleaf/domain/rules/session-end';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';
import { useAppStore } from '@/stores/app-store';

/**
 * Revokes the session when there is one (a failure means it is already gone), then clears the
 * persisted state and the account (spec 3 §4) and shows sign-in, keeping where the user was and
 * why the session ended.
 */
export function SignOutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const redirectUrl = searchParams.get('redirectUrl');
    const reason = searchParams.get('reason');
    const hasToken = useAppStore.getState().session !== null;
    const revoke = hasToken ? logout().catch(() => undefined) : Promise.resolve();
    void revoke.then(() => {
      useAppStore.getState().clearAll();
      queryClient.clear();
      void navigate(paths.auth.signIn.getHref(redirectUrl, isSessionEndReason(reason) ? reason : null), {
        replace: true,
      });
    });
  }, [navigate, queryClient, searchParams]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }} role="status">
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{t('auth.signOut.inProgress')}</Typography>
    </Box>
  );
}
