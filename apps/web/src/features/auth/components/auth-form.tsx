import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The frame of the forgot- and reset-password forms: the server's refusal on top, the fields, and the
 * one full-width submit button.
 */
export function AuthForm({
  label,
  onSubmit,
  serverError,
  errorTestId,
  submitLabel,
  isSubmitting,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  serverError: string | null;
  errorTestId?: string;
  submitLabel: string;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      {serverError ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={errorTestId}>
          {serverError}
        </Alert>
      ) : null}
      {children}
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }} loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Box>
  );
}

/** The way back to the sign-in page under the password pages. */
export function BackToSignInLink() {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={paths.auth.signIn.getHref()}
      variant="body2"
      underline="hover"
      sx={{ display: 'inline-block', mt: 3 }}
    >
      {t('auth.backToSignIn')}
    </Link>
  );
}
