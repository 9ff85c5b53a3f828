import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@trustleaf/domain/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormEmailField, FormPasswordField } from '@/components/form/form-text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/i18n-messages';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useAppStore } from '@/stores/app-store';
import { getMyProfile, myProfileQueryKey } from '@/features/auth/api/get-my-profile';
import { loadAuthSchemas } from '@/features/auth/api/load-auth-schemas';
import { login } from '@/features/auth/api/login';
import { LazyAlert, preloadAlert } from '@/components/feedback/lazy-alert';

const resolver = lazyZodResolver<LoginInput>(() =>
  loadAuthSchemas().then((schemas) => schemas.LoginInputSchema),
);

/** Signs in, loads the account state (spec 3 §3) and hands control back to the route. */
export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<LoginInput>({
    resolver,
    defaultValues: { email: '', password: '' },
    // Checked when sent, then as corrected: the email field has the focus on arrival, and checking it
    // as it loses the focus flagged it empty, shifting the page under a click on "Create an account".
    mode: 'onSubmit',
  });

  // The schemas are built once someone starts on the form (the resolver waits for them if it is sent
  // first): built on arrival, they held the main thread while the page was still being taken over.
  // The error alert's code is fetched then too.
  const warmUp = () => {
    void loadAuthSchemas();
    void preloadAlert();
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const session = await login(values);
      useAppStore.getState().setSession(session);
      const profile = await getMyProfile();
      useAppStore.getState().setProfile(profile);
      queryClient.setQueryData(myProfileQueryKey, profile);
      onSuccess();
    } catch (error) {
      useAppStore.getState().clearAll();
      setServerError(
        error instanceof ApiError && error.status !== 0 && error.status < 500
          ? refusalText(t, error)
          : t('errors.generic'),
      );
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onKeyDownCapture={warmUp}
      onPointerDownCapture={warmUp}
      aria-label={t('auth.signIn.title')}
    >
      {serverError ? (
        <LazyAlert severity="error" sx={{ mb: 2 }} data-testid="sign-in-error">
          {serverError}
        </LazyAlert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <FormEmailField control={control} name="email" label={t('auth.email')} autoFocus />
        <FormPasswordField
          control={control}
          name="password"
          label={t('auth.password')}
          autoComplete="current-password"
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5, mb: 3 }}>
        <Link
          component={RouterLink}
          to={paths.auth.forgotPassword.getHref()}
          variant="body2"
          underline="hover"
        >
          {t('auth.signIn.forgotPassword')}
        </Link>
      </Box>
      <Button type="submit" variant="contained" size="large" fullWidth loading={formState.isSubmitting}>
        {t('auth.signIn.submit')}
      </Button>
      <Box sx={{ mt: 2.5, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.auth.signUp.getHref()} variant="body2" underline="hover">
          {t('auth.signIn.createAccount')}
        </Link>
      </Box>
    </Box>
  );
}
