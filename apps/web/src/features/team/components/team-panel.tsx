import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSIGNABLE_ROLES, type PendingInvite, type TeamMember } from '@trustleaf/domain/schemas/team';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuOptions } from '@/components/form/menu-options';
import { SettingsSection } from '@/components/layouts/settings-section';
import { useErrorNotice } from '@/lib/error-notice';
import { formatDate } from '@/lib/i18n';
import { useCancelInvite } from '@/features/team/api/cancel-invite';
import { useChangeMemberRole } from '@/features/team/api/change-member-role';
import { useTeam } from '@/features/team/api/get-team';
import { useLeaveCompany } from '@/features/team/api/leave-company';
import { useRemoveMember } from '@/features/team/api/remove-member';
import { useResendInvite } from '@/features/team/api/resend-invite';
import { useTransferOwnership } from '@/features/team/api/transfer-ownership';
import { ConfirmDialog } from '@/features/team/components/confirm-dialog';
import { InviteForm } from '@/features/team/components/invite-form';
import { ROLE_KEYS } from '@/features/team/components/role-keys';

/** Resending and cancelling take the same input and answer alike. */
type InviteMutation = ReturnType<typeof useResendInvite>;

/** The confirmation's title, question and button for each pending action. */
const CONFIRM_KEYS = {
  remove: { title: 'team.confirmRemoveTitle', text: 'team.confirmRemove', confirm: 'team.remove' },
  transfer: { title: 'team.confirmTransferTitle', text: 'team.confirmTransfer', confirm: 'team.makeOwner' },
  leave: { title: 'team.confirmLeaveTitle', text: 'team.confirmLeave', confirm: 'team.leave' },
} as const;

type Pending =
  | { kind: 'remove'; member: TeamMember }
  | { kind: 'transfer'; member: TeamMember }
  | { kind: 'leave' }
  | null;

/** The member setting tab (spec 3 §2, §6): members, roles, invites, removal, ownership, leaving. */
export function TeamPanel({
  plCompanyId,
  currentUserId,
  onLeft,
}: {
  plCompanyId: number;
  currentUserId: number;
  onLeft: () => void;
}) {
  const { t, i18n } = useTranslation();
  const team = useTeam(plCompanyId);
  const resend = useResendInvite();
  const cancel = useCancelInvite();
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const leave = useLeaveCompany();
  const [pending, setPending] = useState<Pending>(null);

  const failed = useErrorNotice();
  const done = (key: string) => enqueueSnackbar(t(key), { variant: 'success' });
  // In Eastern time and the tables' one date format (spec 3 §9), not the device's zone and style.
  const date = (iso: string) => formatDate(iso, i18n.language);

  if (team.isPending) return <Typography>{t('team.loading')}</Typography>;
  if (team.isError) return <Alert severity="error">{t('errors.generic')}</Alert>;
  const { members, invites, canManage, canTransferOwnership } = team.data;
  const me = members.find((member) => member.plUserId === currentUserId);
  const confirmKeys = CONFIRM_KEYS[pending?.kind ?? 'leave'];

  /** Resends or cancels a pending invite; the outcome is a notice. */
  const inviteAction = (mutation: InviteMutation, item: PendingInvite, doneKey: string) =>
    mutation.mutate(
      { plCompanyId, plInviteId: item.plInviteId },
      { onSuccess: () => done(doneKey), onError: failed },
    );

  const confirm = () => {
    if (!pending) return;
    const close = { onSettled: () => setPending(null), onError: failed };
    if (pending.kind === 'remove') {
      remove.mutate(
        { plCompanyId, plUserId: pending.member.plUserId },
        { ...close, onSuccess: () => done('team.removed') },
      );
    } else if (pending.kind === 'transfer') {
      transfer.mutate(
        { plCompanyId, plUserId: pending.member.plUserId },
        { ...close, onSuccess: () => done('team.transferred') },
      );
    } else {
      leave.mutate({ plCompanyId }, { ...close, onSuccess: onLeft });
    }
  };

  return (
    <Stack spacing={3}>
      <SettingsSection id="team-members" title={t('team.members')}>
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {members.map((member) => {
            const name = `${member.firstName} ${member.lastName}`;
            const editable =
              canManage && member.role !== 'Company Owner' && member.plUserId !== currentUserId;
            return (
              <Box
                component="li"
                key={member.plUserId}
                data-testid={`member-${member.email}`}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1.5,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {member.email}
                  </Typography>
                </Box>
                {editable ? (
                  <TextField
                    select
                    size="small"
                    label={t('team.role')}
                    value={member.role}
                    sx={{ minWidth: 160 }}
                    slotProps={{ htmlInput: { 'data-testid': `role-${member.email}` } }}
                    onChange={(event) =>
                      changeRole.mutate(
                        {
                          plCompanyId,
                          plUserId: member.plUserId,
                          role: event.target.value,
                        },
                        { onSuccess: () => done('team.roleChanged'), onError: failed },
                      )
                    }
                  >
                    {menuOptions(ASSIGNABLE_ROLES, (value) => t(ROLE_KEYS[value]))}
                  </TextField>
                ) : (
                  <Typography variant="body2" data-testid={`role-label-${member.email}`}>
                    {t(ROLE_KEYS[member.role])}
                  </Typography>
                )}
                {canTransferOwnership && member.role !== 'Company Owner' ? (
                  <Button size="small" onClick={() => setPending({ kind: 'transfer', member })}>
                    {t('team.makeOwner')}
                  </Button>
                ) : null}
                {editable ? (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setPending({ kind: 'remove', member })}
                    data-testid={`remove-${member.email}`}
                  >
                    {t('team.remove')}
                  </Button>
                ) : null}
              </Box>
            );
          })}
        </Stack>
        {me && me.role !== 'Company Owner' ? (
          <Button
            sx={{ mt: 2 }}
            color="error"
            variant="outlined"
            onClick={() => setPending({ kind: 'leave' })}
          >
            {t('team.leave')}
          </Button>
        ) : null}
      </SettingsSection>

      {canManage ? (
        <SettingsSection id="team-invite" title={t('team.inviteTitle')}>
          <InviteForm plCompanyId={plCompanyId} />

          <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 3, mb: 1 }}>
            {t('team.pendingInvites')}
          </Typography>
          {invites.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('team.noInvites')}</Typography>
          ) : (
            <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {invites.map((item) => (
                <Box
                  component="li"
                  key={item.plInviteId}
                  data-testid={`invite-${item.email}`}
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1 }}
                >
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{item.email}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t(ROLE_KEYS[item.role])} ·{' '}
                      {item.isExpired ? t('team.expired') : t('team.expires', { date: date(item.expiresAt) })}
                    </Typography>
                  </Box>
                  <Button size="small" onClick={() => inviteAction(resend, item, 'team.resent')}>
                    {t('team.resend')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => inviteAction(cancel, item, 'team.canceled')}
                  >
                    {t('team.cancelInvite')}
                  </Button>
                </Box>
              ))}
            </Stack>
          )}
        </SettingsSection>
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        title={t(confirmKeys.title)}
        text={t(confirmKeys.text, {
          name:
            pending && 'member' in pending ? `${pending.member.firstName} ${pending.member.lastName}` : '',
        })}
        confirmLabel={t(confirmKeys.confirm)}
        busy={remove.isPending || transfer.isPending || leave.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
