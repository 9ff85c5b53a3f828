import Box from '@mui/material/Box';
import { AUTH_REFUSALS } from '@trustleaf/domain/refusals';
import { StrongPasswordSchema } from '@trustleaf/domain/schemas/auth';
import { refuseWith, TextSchema, VALIDATION_MESSAGES } from '@trustleaf/domain/schemas/common';
import { validationIssues } from '@trustleaf/domain/validation-issues';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormPasswordField } from '@/components/form/form-text-field';
import { ApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/i18n-messages';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { resetPassword } from '@/features/auth/api/reset-password';
import { AuthForm } from '@/features/auth/components/auth-form';

/** The confirmation only exists in the form; the server checks the password with the same rule. */
const ResetPasswordFormSchema = z
  .object({
    password: StrongPasswordSchema,
    confirmPassword: TextSchema,
  })
  .superRefine((values, ctx) => {
    if (values.confirmPassword === '') {
      refuseWith(ctx, VALIDATION_MESSAGES.confirmPasswordRequired, ['confirmPassword']);
    } else if (values.password !== values.confirmPassword) {
      refuseWith(ctx, VALIDATION_MESSAGES.passwordsMismatch, ['confirmPassword']);
    }
  });
type ResetPasswordFormValues = z.infer<typeof ResetPasswordFormSchema>;

/**
 * `onLinkInvalid` is called when the server refuses the link itself (expired, used, unknown): no
 * password typed here can help then, and the page offers a new link instead of the form.
 */
export function ResetPasswordForm({
  token,
  onSuccess,
  onLinkInvalid,
}: {
  token: string;
  onSuccess: () => void;
  onLinkInvalid: () => void;
}) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<ResetPasswordFormValues>({
    resolver: keyedZodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    // Checked when sent, then as corrected: the first field has the focus on arrival, and a check as it
    // loses it would flag it empty and shift the page under a click on a link.
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await resetPassword({ token, password: values.password });
      onSuccess();
    } catch (error) {
      if (
        error instanceof ApiError &&
        validationIssues(error.details)[0]?.key === AUTH_REFUSALS.resetLinkInvalid.key
      ) {
        onLinkInvalid();
        return;
      }
      setServerError(error instanceof ApiError ? refusalText(t, error) : t('errors.generic'));
    }
  });

  return (
    <AuthForm
      label={t('auth.reset.title')}
      onSubmit={(event) => void onSubmit(event)}
      serverError={serverError}
      errorTestId="reset-error"
      submitLabel={t('auth.reset.submit')}
      isSubmitting={formState.isSubmitting}
    >
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <FormPasswordField
          control={control}
          name="password"
          label={t('auth.reset.newPassword')}
          autoComplete="new-password"
          helperText={t('validation.strongPassword')}
          autoFocus
        />
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
        />
      </Box>
    </AuthForm>
  );
}
