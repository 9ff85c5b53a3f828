import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { USER_STATUSES, type UserListingRow } from '@trustleaf/domain/schemas/admin';
import { enqueueSnackbar } from 'notistack';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuOptions } from '@/components/form/menu-options';
import { ListingPagination } from '@/components/lists/listing-pagination';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { useErrorNotice } from '@/lib/error-notice';
import { usePendingAction } from '@/lib/use-pending-action';
import { useAppStore } from '@/stores/app-store';
import { useEndUserSessions } from '../api/end-user-sessions';
import { useAdminUsers } from '../api/get-admin-users';
import { useResendVerification } from '../api/resend-verification';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { AnySelect, SearchFilters } from './search-filters';

const PAGE_SIZE = 25;
type Pending = { kind: 'disable' | 'enable' | 'sessions'; user: UserListingRow };

/** The admin "Users" screen: search, disable or enable, end sessions, resend verification. */
export function UsersConsole() {
  const { t } = useTranslation();
  const myId = useAppStore((state) => state.account.currentUser?.plUserId);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(search).trim();
  const listing = useAdminUsers({
    ...(deferred ? { search: deferred } : {}),
    ...(status ? { status } : {}),
    currentPage: page,
    itemsPerPage: PAGE_SIZE,
  });
  const setDisabled = useSetUserDisabled();
  const endSessions = useEndUserSessions();
  const resend = useResendVerification();

  const failed = useErrorNotice();

  const { pending, ask, answer } = usePendingAction<Pending>(async (action) => {
    const plUserId = action.user.plUserId;
    if (action.kind === 'sessions') {
      const result = await endSessions.mutateAsync({ plUserId });
      enqueueSnackbar(t('adminUsers.sessionsEnded', { count: result.signedOut }), { variant: 'success' });
    } else {
      await setDisabled.mutateAsync({ plUserId, disabled: action.kind === 'disable' });
      enqueueSnackbar(t(action.kind === 'disable' ? 'adminUsers.disabled' : 'adminUsers.enabled'), {
        variant: 'success',
      });
    }
  });

  const resendFor = async (user: UserListingRow) => {
    try {
      await resend.mutateAsync({ plUserId: user.plUserId });
      enqueueSnackbar(t('adminUsers.verificationSent', { email: user.pendingEmail }), { variant: 'success' });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Stack spacing={2}>
      <SearchFilters label={t('adminUsers.searchLabel')} columns={{ xs: '1fr', sm: '2fr 1fr' }}>
        <TextField
          label={t('adminUsers.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'admin-users-search' } }}
        />
        <AnySelect
          label={t('adminUsers.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        >
          {menuOptions(USER_STATUSES, (value) => t(`adminUsers.statuses.${value}`))}
        </AnySelect>
      </SearchFilters>
      <Typography role="status">
        {listing.data ? t('adminUsers.total', { count: listing.data.total }) : t('adminCompanies.loading')}
      </Typography>
      {listing.isError ? <Alert severity="error">{t('errors.generic')}</Alert> : null}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="admin-users-list">
        {listing.data?.items.map((user) => {
          const name = `${user.firstName} ${user.lastName}`.trim();
          return (
            <Paper component="li" variant="outlined" key={user.plUserId} sx={{ p: 1.5 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                    <Typography component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {name}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={user.status === 'ACTIVE' ? 'success' : 'default'}
                      label={t(`adminUsers.statuses.${user.status}`)}
                    />
                  </Box>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {[
                      user.isSuperAdmin ? t('adminUsers.superAdmin') : null,
                      user.companyName,
                      user.role,
                      t('adminUsers.sessions', { count: user.activeSessions }),
                      user.pendingEmail ? t('adminUsers.pendingEmail', { email: user.pendingEmail }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, ml: 'auto' }}>
                  {/* The admin's own account: disabling it or ending its sign-ins would lock them out. */}
                  {user.plUserId === myId ? (
                    <Chip size="small" label={t('adminUsers.you')} />
                  ) : (
                    <>
                      <Button
                        size="small"
                        aria-label={t(
                          user.status === 'ACTIVE' ? 'adminUsers.disableFor' : 'adminUsers.enableFor',
                          { name },
                        )}
                        onClick={() => ask({ kind: user.status === 'ACTIVE' ? 'disable' : 'enable', user })}
                      >
                        {t(user.status === 'ACTIVE' ? 'adminUsers.disable' : 'adminUsers.enable')}
                      </Button>
                      <Button
                        size="small"
                        disabled={user.activeSessions === 0}
                        aria-label={t('adminUsers.endSessionsFor', { name })}
                        onClick={() => ask({ kind: 'sessions', user })}
                      >
                        {t('adminUsers.endSessions')}
                      </Button>
                    </>
                  )}
                  {user.pendingEmail ? (
                    <Button
                      size="small"
                      aria-label={t('adminUsers.resendFor', { name })}
                      onClick={() => void resendFor(user)}
                    >
                      {t('adminUsers.resend')}
                    </Button>
                  ) : null}
                </Box>
              </Box>
            </Paper>
          );
        })}
      </Stack>
      <ListingPagination total={listing.data?.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`adminUsers.confirm.${pending.kind}.title`) : ''}
        message={
          pending
            ? t(`adminUsers.confirm.${pending.kind}.message`, {
                name: `${pending.user.firstName} ${pending.user.lastName}`.trim(),
              })
            : ''
        }
        onClose={(confirmed) => void answer(confirmed)}
      />
    </Stack>
  );
}
