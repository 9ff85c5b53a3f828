import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { InviteMemberInputSchema, type InviteMemberInput } from '@trustleaf/domain/schemas/accounts';
import { ASSIGNABLE_ROLES } from '@trustleaf/domain/schemas/team';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { menuOptions } from '@/components/form/menu-options';
import { errorText } from '@/lib/error-notice';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { useInviteMember } from '@/features/team/api/invite-member';
import { ROLE_KEYS } from './role-keys';

/** Brings a refusal shown under the form into view: on a phone the form fills the screen above it. */
const showAlert = (alert: HTMLElement | null) =>
  alert?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });

/**
 * Invites an address with a role (spec 3 §6), checked by the API's own schema; the server's refusal
 * of a field lands on it, any other in the alert under the form.
 */
export function InviteForm({ plCompanyId }: { plCompanyId: number }) {
  const { t } = useTranslation();
  const invite = useInviteMember();
  const [inviteError, setInviteError] = useState<string | null>(null);
  const form = useForm<InviteMemberInput>({
    resolver: keyedZodResolver(InviteMemberInputSchema) as never,
    defaultValues: { plCompanyId, email: '', role: 'User' },
  });
  const submit = form.handleSubmit((values) => {
    setInviteError(null);
    invite.mutate(
      { ...values, plCompanyId },
      {
        onSuccess: () => {
          form.resetField('email');
          enqueueSnackbar(t('team.invited'), { variant: 'success' });
        },
        onError: (error) => {
          if (!applyServerIssues(form, error)) setInviteError(errorText(t, error));
        },
      },
    );
  });
  return (
    <>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <FormField
          control={form.control}
          name="email"
          label={t('team.email')}
          type="email"
          sx={{ flex: '1 1 220px' }}
          htmlInput={{ 'data-testid': 'invite-email' }}
        />
        <FormField
          control={form.control}
          name="role"
          label={t('team.role')}
          select
          sx={{ flex: '0 1 180px', minWidth: 160 }}
        >
          {menuOptions(ASSIGNABLE_ROLES, (value) => t(ROLE_KEYS[value]))}
        </FormField>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={invite.isPending}
          data-testid="invite-submit"
        >
          {t('team.invite')}
        </Button>
      </Box>
      {inviteError ? (
        <Alert ref={showAlert} severity="error" sx={{ mt: 2 }} data-testid="invite-error">
          {inviteError}
        </Alert>
      ) : null}
    </>
  );
}
