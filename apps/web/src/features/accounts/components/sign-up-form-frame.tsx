import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { FormEventHandler, ReactNode } from 'react';
import { loadAccountsSchemas } from '@/features/accounts/api/load-accounts';
import { VerifyEmailDialog } from '@/features/accounts/components/verify-email-dialog';
import type { useSignUpSubmit } from '@/features/accounts/components/use-sign-up-submit';

/**
 * The form's schemas are built once someone starts on it (a key or a pointer on the form): built as the
 * page loaded, they held the main thread while it was being taken over. Its resolver waits for them if
 * the form is sent first.
 */
const warmUpSchemas = () => void loadAccountsSchemas();

/**
 * The frame both sign-up forms share (spec 1 §4): the server's refusal on top, then the form's own
 * banner (a claimed company, an invitation), its fields, and the email code dialog of the flow.
 */
export function SignUpFormFrame({
  label,
  onSubmit,
  flow,
  banner,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  flow: ReturnType<typeof useSignUpSubmit>;
  banner: { testId: string; text: string } | null;
  children: ReactNode;
}) {
  return (
    <>
      <Box
        component="form"
        noValidate
        aria-label={label}
        onSubmit={onSubmit}
        onKeyDownCapture={warmUpSchemas}
        onPointerDownCapture={warmUpSchemas}
        sx={{ display: 'grid', gap: 2.5 }}
      >
        {flow.serverError ? (
          <Alert severity="warning" data-testid="sign-up-error">
            {flow.serverError}
          </Alert>
        ) : null}
        {banner ? (
          <Alert severity="info" data-testid={banner.testId}>
            {banner.text}
          </Alert>
        ) : null}
        {children}
      </Box>
      {/* Mounted only while it asks for a code: its form would otherwise be rendered, and rendered
          again by react-hook-form once mounted, with every sign-up page. Beside the sign-up form, not
          in it: React carries a portal's submit up its own tree, so Verify would send the sign-up form
          again, which emails a newer code (only the newest counts) and refuses the one being typed. */}
      {flow.dialogProps.email !== null ? <VerifyEmailDialog {...flow.dialogProps} /> : null}
    </>
  );
}
