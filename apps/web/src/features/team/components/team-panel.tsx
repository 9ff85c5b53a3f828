import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSIGNABLE_ROLES, type TeamMember } from '@trustleaf/domain/schemas/team';
import { enqueueSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, useErrorNotice } from '@/lib/error-notice';
import { useCancelInvite } from '@/features/team/api/cancel-invite';
import { useChangeMemberRole } from '@/features/team/api/change-member-role';
import { useTeam } from '@/features/team/api/get-team';
import { useInviteMember } from '@/features/team/api/invite-member';
import { useLeaveCompany } from '@/features/team/api/leave-company';
import { useRemoveMember } from '@/features/team/api/remove-member';
import { useResendInvite } from '@/features/team/api/resend-invite';
import { useTransferOwnership } from '@/features/team/api/transfer-ownership';
import { ConfirmDialog } from '@/features/team/components/confirm-dialog';

const ROLE_KEYS: Record<string, string> = {
  'Company Owner': 'roles.companyOwner',
  'Company Admin': 'roles.companyAdmin',
  User: 'roles.user',
  'Weak User': 'roles.weakUser',
};

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
  const invite = useInviteMember();
  const resend = useResendInvite();
  const cancel = useCancelInvite();
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const leave = useLeaveCompany();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof ASSIGNABLE_ROLES)[number]>('User');
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const failed = useErrorNotice();
  const done = (key: string) => enqueueSnackbar(t(key), { variant: 'success' });
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);

  if (team.isPending) return <Typography>{t('team.loading')}</Typography>;
  if (team.isError) return <Alert severity="error">{t('errors.generic')}</Alert>;
  const { members, invites, canManage, canTransferOwnership } = team.data;
  const me = members.find((member) => member.plUserId === currentUserId);

  const submitInvite = (event: FormEvent) => {
    event.preventDefault();
    setInviteError(null);
    invite.mutate(
      { plCompanyId, email, role },
      {
        onSuccess: () => {
          setEmail('');
          done('team.invited');
        },
        onError: (error) => setInviteError(errorText(t, error)),
      },
    );
  };

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
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
        component="section"
        aria-labelledby="team-members"
      >
        <Typography variant="h2" id="team-members" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {t('team.members')}
        </Typography>
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
                          role: event.target.value as (typeof ASSIGNABLE_ROLES)[number],
                        },
                        { onSuccess: () => done('team.roleChanged'), onError: failed },
                      )
                    }
                  >
                    {ASSIGNABLE_ROLES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {t(ROLE_KEYS[value]!)}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <Typography variant="body2" data-testid={`role-label-${member.email}`}>
                    {t(ROLE_KEYS[member.role]!)}
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
      </Paper>

      {canManage ? (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          component="section"
          aria-labelledby="team-invite"
        >
          <Typography variant="h2" id="team-invite" sx={{ fontSize: '1.25rem', mb: 2 }}>
            {t('team.inviteTitle')}
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={submitInvite}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
          >
            <TextField
              label={t('team.email')}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              sx={{ flex: '1 1 220px' }}
              slotProps={{ htmlInput: { 'data-testid': 'invite-email' } }}
            />
            <TextField
              select
              label={t('team.role')}
              value={role}
              onChange={(event) => setRole(event.target.value as (typeof ASSIGNABLE_ROLES)[number])}
              sx={{ flex: '0 1 180px', minWidth: 160 }}
            >
              {ASSIGNABLE_ROLES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(ROLE_KEYS[value]!)}
                </MenuItem>
              ))}
            </TextField>
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
            <Alert severity="error" sx={{ mt: 2 }} data-testid="invite-error">
              {inviteError}
            </Alert>
          ) : null}

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
                      {t(ROLE_KEYS[item.role]!)} ·{' '}
                      {item.isExpired ? t('team.expired') : t('team.expires', { date: date(item.expiresAt) })}
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    onClick={() =>
                      resend.mutate(
                        { plCompanyId, plInviteId: item.plInviteId },
                        { onSuccess: () => done('team.resent'), onError: failed },
                      )
                    }
                  >
                    {t('team.resend')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() =>
                      cancel.mutate(
                        { plCompanyId, plInviteId: item.plInviteId },
                        { onSuccess: () => done('team.canceled'), onError: failed },
                      )
                    }
                  >
                    {t('team.cancelInvite')}
                  </Button>
                </Box>
              ))}
            </Stack>
          )}
        </Paper>
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'remove'
            ? t('team.confirmRemoveTitle')
            : pending?.kind === 'transfer'
              ? t('team.confirmTransferTitle')
              : t('team.confirmLeaveTitle')
        }
        text={
          pending?.kind === 'remove'
            ? t('team.confirmRemove', { name: `${pending.member.firstName} ${pending.member.lastName}` })
            : pending?.kind === 'transfer'
              ? t('team.confirmTransfer', { name: `${pending.member.firstName} ${pending.member.lastName}` })
              : t('team.confirmLeave')
        }
        confirmLabel={
          pending?.kind === 'remove'
            ? t('team.remove')
            : pending?.kind === 'transfer'
              ? t('team.makeOwner')
              : t('team.leave')
        }
        busy={remove.isPending || transfer.isPending || leave.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
