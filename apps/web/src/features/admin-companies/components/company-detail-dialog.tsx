import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SETTABLE_COMPANY_STATUSES,
  type SettableCompanyStatus,
} from '@trustleaf/domain/rules/company-status';
import { formatMoney } from '@trustleaf/domain/rules/pricing';
import type { CompanyListingRow } from '@trustleaf/domain/schemas/admin';
import { enqueueSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { useErrorNotice } from '@/lib/error-notice';
import { useAppStore } from '@/stores/app-store';
import { useChangeBusinessType } from '../api/change-business-type';
import { usePlansFor } from '../api/get-plans-for';
import { useUpdateCompanyStatus } from '../api/update-company-status';
import { useBusinessTypes } from '../api/use-business-types';
import { companyRefOf } from './company-selector';

type Pending = { kind: 'status'; status: SettableCompanyStatus } | { kind: 'type'; businessTypeId: number };

/** One company for the super admin: status, business type, the plans it may choose, acting for it. */
export function CompanyDetailDialog({
  company,
  onClose,
}: {
  company: CompanyListingRow;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [row, setRow] = useState(company);
  const [status, setStatus] = useState<SettableCompanyStatus | ''>('');
  const [businessTypeId, setBusinessTypeId] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const businessTypes = useBusinessTypes();
  const plans = usePlansFor(row.plCompanyId);
  const updateStatus = useUpdateCompanyStatus();
  const changeType = useChangeBusinessType();
  const select = useAppStore((state) => state.selectAdminCompany);
  const isTerminated = row.status === 'TERMINATED';

  const failed = useErrorNotice();

  const confirm = async (confirmed: boolean) => {
    const action = pending;
    setPending(null);
    if (!confirmed || !action) return;
    try {
      if (action.kind === 'status') {
        const result = await updateStatus.mutateAsync({
          plCompanyId: row.plCompanyId,
          status: action.status,
        });
        setRow({ ...row, status: result.status });
        setStatus('');
        enqueueSnackbar(t('adminCompanies.statusChanged', { count: result.signedOut }), {
          variant: 'success',
        });
      } else {
        const result = await changeType.mutateAsync({
          plCompanyId: row.plCompanyId,
          businessTypeId: action.businessTypeId,
        });
        setRow({ ...row, businessTypeId: result.businessTypeId, businessType: result.businessType });
        setBusinessTypeId('');
        enqueueSnackbar(t('adminCompanies.typeChanged'), { variant: 'success' });
      }
    } catch (error) {
      failed(error);
    }
  };

  const offered = (plans.data ?? []).filter((plan) => plan.status === 'ACTIVE');

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {row.companyName}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography
            variant="body2"
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}
          >
            <dt>{t('adminCompanies.filters.type')}</dt>
            <dd style={{ margin: 0 }}>{row.businessType ?? '—'}</dd>
            <dt>{t('adminCompanies.filters.state')}</dt>
            <dd style={{ margin: 0 }}>{row.state ?? '—'}</dd>
            <dt>{t('adminCompanies.filters.status')}</dt>
            <dd style={{ margin: 0 }} data-testid="admin-company-status">
              {t(`adminCompanies.status.${row.status}`)}
            </dd>
            <dt>{t('adminCompanies.filters.plan')}</dt>
            <dd style={{ margin: 0 }}>{row.plan ?? t('adminCompanies.filters.noPlan')}</dd>
          </Typography>

          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              select
              size="small"
              sx={{ minWidth: 200, flex: 1 }}
              label={t('adminCompanies.newStatus')}
              value={status}
              disabled={isTerminated}
              helperText={status ? t(`adminCompanies.statusEffect.${status}`) : undefined}
              onChange={(event) => setStatus(event.target.value as SettableCompanyStatus)}
            >
              {SETTABLE_COMPANY_STATUSES.filter((value) => value !== row.status).map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`adminCompanies.status.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={!status || updateStatus.isPending}
              onClick={() => status && setPending({ kind: 'status', status })}
            >
              {t('adminCompanies.applyStatus')}
            </Button>
          </Box>
          {isTerminated ? <Alert severity="info">{t('adminCompanies.statusEffect.TERMINATED')}</Alert> : null}

          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              select
              size="small"
              sx={{ minWidth: 200, flex: 1 }}
              label={t('adminCompanies.newType')}
              value={businessTypeId}
              onChange={(event) => setBusinessTypeId(event.target.value)}
            >
              {(businessTypes.data ?? [])
                .filter((type) => type.id !== row.businessTypeId)
                .map((type) => (
                  <MenuItem key={type.id} value={String(type.id)}>
                    {type.name}
                  </MenuItem>
                ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={!businessTypeId || changeType.isPending}
              onClick={() => setPending({ kind: 'type', businessTypeId: Number(businessTypeId) })}
            >
              {t('adminCompanies.changeType')}
            </Button>
          </Box>

          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('adminCompanies.plans')}
            </Typography>
            {plans.isPending ? <Typography variant="body2">{t('adminCompanies.loading')}</Typography> : null}
            <List dense disablePadding>
              {offered.map((plan) => (
                <ListItem key={plan.plPlanId} disableGutters>
                  <ListItemText
                    primary={
                      plan.plPlanId === row.plPlanId
                        ? t('adminCompanies.currentPlan', { name: plan.name })
                        : plan.name
                    }
                    secondary={t('adminCompanies.planFees', {
                      monthly: formatMoney(plan.monthlyFee, i18n.language),
                      annual: formatMoney(plan.annualFee, i18n.language),
                    })}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          onClick={() => {
            select(companyRefOf(row));
            enqueueSnackbar(t('adminCompanies.actingFor', { name: row.companyName }), { variant: 'info' });
            onClose();
          }}
          data-testid="admin-act-for-company"
        >
          {t('adminCompanies.actFor')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('adminCompanies.close')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'type' ? t('adminCompanies.changeType') : t('adminCompanies.applyStatus')}
        message={
          pending?.kind === 'type'
            ? t('adminCompanies.changeTypePrompt')
            : pending
              ? t('adminCompanies.statusPrompt', {
                  status: t(`adminCompanies.status.${pending.status}`),
                  effect: t(`adminCompanies.statusEffect.${pending.status}`),
                })
              : ''
        }
        onClose={(confirmed) => void confirm(confirmed)}
      />
    </Dialog>
  );
}
