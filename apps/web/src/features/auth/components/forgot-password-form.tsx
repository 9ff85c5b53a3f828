import Alert from '@mui/material/Alert';
import {
  RequestResetPasswordInputSchema,
  type RequestResetPasswordInput,
} from '@trustleaf/domain/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormEmailField } from '@/components/form/form-text-field';
import { ApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/i18n-messages';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { requestResetPassword } from '@/features/auth/api/request-reset-password';
import { AuthForm } from '@/features/auth/components/auth-form';

/** The answer is the same whether or not the account exists, so the form can't probe for emails. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<RequestResetPasswordInput>({
    resolver: keyedZodResolver(RequestResetPasswordInputSchema),
    defaultValues: { email: '' },
    // Checked when sent, then as corrected: the first field has the focus on arrival, and a check as it
    // loses it would flag it empty and shift the page under a click on a link.
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await requestResetPassword(values);
      setSentTo(values.email);
    } catch (error) {
      setServerError(error instanceof ApiError ? refusalText(t, error) : t('errors.generic'));
    }
  });

  if (sentTo) {
    return (
      <Alert severity="success" data-testid="reset-requested">
        {t('auth.forgot.sent', { email: sentTo })}
      </Alert>
    );
  }

  return (
    <AuthForm
      label={t('auth.forgot.title')}
      onSubmit={(event) => void onSubmit(event)}
      serverError={serverError}
      submitLabel={t('auth.forgot.submit')}
      isSubmitting={formState.isSubmitting}
    >
      <FormEmailField control={control} name="email" label={t('auth.email')} autoFocus />
    </AuthForm>
  );
}
