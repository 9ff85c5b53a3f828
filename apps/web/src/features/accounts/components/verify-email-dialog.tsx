import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import OutlinedInput from '@mui/material/OutlinedInput';
import { parsePastedCode, SIGN_UP_CODE_LENGTH } from '@trustleaf/domain/rules/sign-up';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useId, useRef } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-notice';
import type { CodeForm, CodeFormValues } from '@/features/accounts/components/verify-code-schema';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

const EMPTY = Array.from({ length: SIGN_UP_CODE_LENGTH }, () => '');

// The code's schema (and zod with it) is fetched when the dialog opens, off the sign-up page's first
// load; the resolver waits for it if the code is sent first.
const loadCodeSchema = () => import('@/features/accounts/components/verify-code-schema');
const resolver = lazyZodResolver<CodeForm, CodeFormValues>(() =>
  loadCodeSchema().then((module) => module.CodeFormSchema),
);

/** Spec 1 §2 item 3: six single-digit boxes, paste of exactly six digits, and resend. */
export function VerifyEmailDialog({
  email,
  onClose,
  onVerify,
  onResend,
}: {
  /** Open while an email is given. */
  email: string | null;
  onClose: () => void;
  /** Resolves when the code is accepted; rejects with the server's error otherwise. */
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<CodeForm, unknown, CodeFormValues>({
    resolver,
    defaultValues: { digits: EMPTY },
  });
  const { field } = useController({ control: form.control, name: 'digits' });
  const digits = field.value;
  // The schema reads the boxes as `signUpCode`: its refusal is named so.
  const incomplete = 'signUpCode' in form.formState.errors;
  // While the code is checked and the account then created and signed in, nothing else is offered.
  const busy = form.formState.isSubmitting;
  const setDigits = (next: string[]) => field.onChange(next);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => void loadCodeSchema(), []);

  /** A refusal by its key (or known text) in the reader's language; a failure without an answer, the fallback. */
  const failure = (error: unknown, fallback: string) =>
    enqueueSnackbar(
      error instanceof ApiError && error.status > 0 && error.status < 500 ? errorText(t, error) : fallback,
      { variant: 'error' },
    );

  function setDigit(index: number, value: string) {
    const digit = value.replace(/\D/g, '').slice(-1);
    setDigits(digits.map((old, i) => (i === index ? digit : old)));
    if (digit && index < SIGN_UP_CODE_LENGTH - 1) boxes.current[index + 1]?.focus();
  }

  const submit = form.handleSubmit(async ({ signUpCode }) => {
    try {
      await onVerify(signUpCode);
    } catch (error) {
      failure(error, t('signUp.verify.failed'));
      form.reset({ digits: EMPTY });
      boxes.current[0]?.focus();
    }
  });

  async function resend() {
    try {
      await onResend();
      enqueueSnackbar(t('signUp.verify.resent'), { variant: 'success' });
      setDigits(EMPTY);
    } catch (error) {
      failure(error, t('signUp.verify.failed'));
    }
  }

  return (
    <Dialog
      open={email !== null}
      onClose={(_, reason) => {
        if (reason !== 'backdropClick' && !busy) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => form.reset({ digits: EMPTY }) } }}
    >
      <DialogTitle id={titleId}>{t('signUp.verify.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('signUp.verify.body', { email: email ?? '' })}</DialogContentText>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 3 }}
          onPaste={(event) => {
            const pasted = parsePastedCode(event.clipboardData.getData('text'));
            if (!pasted) return;
            event.preventDefault();
            setDigits(pasted);
            boxes.current[SIGN_UP_CODE_LENGTH - 1]?.focus();
          }}
        >
          {digits.map((digit, index) => (
            <OutlinedInput
              key={index}
              value={digit}
              inputRef={(element: HTMLInputElement | null) => {
                boxes.current[index] = element;
              }}
              autoFocus={index === 0}
              onChange={(event) => setDigit(index, event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Backspace' && !digit && index > 0) boxes.current[index - 1]?.focus();
              }}
              inputProps={{
                inputMode: 'numeric',
                maxLength: 1,
                autoComplete: index === 0 ? 'one-time-code' : 'off',
                'aria-label': t('signUp.verify.digit', { position: index + 1 }),
                style: { textAlign: 'center', fontSize: 22, padding: '10px 0' },
              }}
              sx={{ width: 46 }}
              error={incomplete && !/^\d$/.test(digit)}
            />
          ))}
        </Box>
        {incomplete ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('signUp.verify.incomplete')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3, pb: 2 }}>
        <Button onClick={() => void resend()} disabled={busy}>
          {t('signUp.verify.resend')}
        </Button>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('signUp.verify.close')}
          </Button>
          <Button type="submit" form={`${titleId}-form`} variant="contained" loading={busy}>
            {t('signUp.verify.submit')}
          </Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
}
