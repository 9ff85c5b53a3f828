import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import OutlinedInput from '@mui/material/OutlinedInput';
import { isCompleteCode, parsePastedCode, SIGN_UP_CODE_LENGTH } from '@trustleaf/domain/rules/sign-up';
import { enqueueSnackbar } from 'notistack';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n-messages';

const EMPTY = Array.from({ length: SIGN_UP_CODE_LENGTH }, () => '');

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
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [isBusy, setIsBusy] = useState(false);
  const [showIncomplete, setShowIncomplete] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const failure = (error: unknown, fallback: string) =>
    enqueueSnackbar(
      error instanceof ApiError && error.status > 0 && error.status < 500
        ? translateMessage(t, error.message)
        : fallback,
      { variant: 'error' },
    );

  function setDigit(index: number, value: string) {
    const digit = value.replace(/\D/g, '').slice(-1);
    setDigits((current) => current.map((old, i) => (i === index ? digit : old)));
    if (digit && index < SIGN_UP_CODE_LENGTH - 1) boxes.current[index + 1]?.focus();
  }

  async function submit() {
    if (!isCompleteCode(digits)) {
      setShowIncomplete(true);
      return;
    }
    setIsBusy(true);
    try {
      await onVerify(digits.join(''));
    } catch (error) {
      failure(error, t('signUp.verify.failed'));
      setDigits(EMPTY);
      boxes.current[0]?.focus();
    } finally {
      setIsBusy(false);
    }
  }

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
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => setDigits(EMPTY) } }}
    >
      <DialogTitle id={titleId}>{t('signUp.verify.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('signUp.verify.body', { email: email ?? '' })}</DialogContentText>
        <Box
          component="form"
          id={`${titleId}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
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
              error={showIncomplete && !/^\d$/.test(digit)}
            />
          ))}
        </Box>
        {showIncomplete && !isCompleteCode(digits) ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('signUp.verify.incomplete')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3, pb: 2 }}>
        <Button onClick={() => void resend()}>{t('signUp.verify.resend')}</Button>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={onClose}>{t('signUp.verify.close')}</Button>
          <Button type="submit" form={`${titleId}-form`} variant="contained" loading={isBusy}>
            {t('signUp.verify.submit')}
          </Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
}
