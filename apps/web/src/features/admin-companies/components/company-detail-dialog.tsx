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
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { companyTypeLabel } from '@/lib/company-type-label';
import { usePendingAction } from '@/lib/use-pending-action';
import { useAppStore } from '@/stores/app-store';
import { useChangeBusinessType } from '../api/change-business-type';
import { usePlansFor } from '../api/get-plans-for';
import { useUpdateCompanyStatus } from '../api/update-company-status';
import { useBusinessTypes } from '../api/use-business-types';
import { companyRefOf } from './company-selector';

type Pending = { kind: 'status'; status: SettableCompanyStatus } | { kind: 'type'; businessTypeId: number };

/** A choice to change one thing of the company, and the button that asks to apply it. */
function ChangeRow(props: {
  label: string;
  value: string;
  disabled?: boolean;
  helperText?: string;
  onChange: (value: string) => void;
  applyLabel: string;
  applyDisabled: boolean;
  onApply: () => void;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 200, flex: 1 }}
        label={props.label}
        value={props.value}
        disabled={props.disabled}
        helperText={props.helperText}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.children}
      </TextField>
      <Button variant="outlined" disabled={props.applyDisabled} onClick={props.onApply}>
        {props.applyLabel}
      </Button>
    </Box>
  );
}

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
  const businessTypes = useBusinessTypes();
  const plans = usePlansFor(row.plCompanyId);
  const updateStatus = useUpdateCompanyStatus();
  const changeType = useChangeBusinessType();
  const select = useAppStore((state) => state.selectAdminCompany);
  const isTerminated = row.status === 'TERMINATED';

  const { pending, ask, answer } = usePendingAction<Pending>(async (action) => {
    if (action.kind === 'status') {
      const result = await updateStatus.mutateAsync({ plCompanyId: row.plCompanyId, status: action.status });
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
  });

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
            <dd style={{ margin: 0 }}>{companyTypeLabel(t, row.businessType)}</dd>
            <dt>{t('adminCompanies.filters.state')}</dt>
            <dd style={{ margin: 0 }}>{row.state ?? '—'}</dd>
            <dt>{t('adminCompanies.filters.status')}</dt>
            <dd style={{ margin: 0 }} data-testid="admin-company-status">
              {t(`adminCompanies.status.${row.status}`)}
            </dd>
            <dt>{t('adminCompanies.filters.plan')}</dt>
            <dd style={{ margin: 0 }}>{row.plan ?? t('adminCompanies.filters.noPlan')}</dd>
          </Typography>

          <ChangeRow
            label={t('adminCompanies.newStatus')}
            value={status}
            disabled={isTerminated}
            helperText={status ? t(`adminCompanies.statusEffect.${status}`) : undefined}
            onChange={(value) => setStatus(value as SettableCompanyStatus)}
            applyLabel={t('adminCompanies.applyStatus')}
            applyDisabled={!status || updateStatus.isPending}
            onApply={() => status && ask({ kind: 'status', status })}
          >
            {SETTABLE_COMPANY_STATUSES.filter((value) => value !== row.status).map((value) => (
              <MenuItem key={value} value={value}>
                {t(`adminCompanies.status.${value}`)}
              </MenuItem>
            ))}
          </ChangeRow>
          {isTerminated ? <Alert severity="info">{t('adminCompanies.statusEffect.TERMINATED')}</Alert> : null}

          <ChangeRow
            label={t('adminCompanies.newType')}
            value={businessTypeId}
            onChange={setBusinessTypeId}
            applyLabel={t('adminCompanies.changeType')}
            applyDisabled={!businessTypeId || changeType.isPending}
            onApply={() => ask({ kind: 'type', businessTypeId: Number(businessTypeId) })}
          >
            {(businessTypes.data ?? [])
              .filter((type) => type.id !== row.businessTypeId)
              .map((type) => (
                <MenuItem key={type.id} value={String(type.id)}>
                  {companyTypeLabel(t, type.name)}
                </MenuItem>
              ))}
          </ChangeRow>

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
        onClose={(confirmed) => void answer(confirmed)}
      />
    </Dialog>
  );
}
