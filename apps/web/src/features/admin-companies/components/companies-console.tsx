import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMPANY_STATUSES } from '@trustleaf/domain/rules/company-status';
import type { CompanyFilter, CompanyListingRow, ExportFormat } from '@trustleaf/domain/schemas/admin';
import { enqueueSnackbar } from 'notistack';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuOptions } from '@/components/form/menu-options';
import { ListingPagination } from '@/components/lists/listing-pagination';
import { companyTypeLabel } from '@/lib/company-type-label';
import { errorText } from '@/lib/error-notice';
import { useAdminCompanies } from '../api/get-admin-companies';
import { usePlansFor } from '../api/get-plans-for';
import { useBusinessTypes } from '../api/use-business-types';
import { downloadCompanyExport, type ExportProgress } from '../api/export-companies';
import { CompanyDetailDialog } from './company-detail-dialog';
import { ANY, AnySelect, SearchFilters } from './search-filters';

const PAGE_SIZE = 25;

/** The admin "Companies" screen: search, paging, export, and each company's detail. */
export function CompaniesConsole() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [businessTypeId, setBusinessTypeId] = useState(ANY);
  const [state, setState] = useState('');
  const [status, setStatus] = useState(ANY);
  const [plPlanId, setPlanId] = useState(ANY);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<CompanyListingRow | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const businessTypes = useBusinessTypes();
  const plans = usePlansFor(null);

  const deferredSearch = useDeferredValue(search).trim();
  const filter: CompanyFilter = {
    ...(deferredSearch ? { search: deferredSearch } : {}),
    ...(businessTypeId ? { businessTypeId: Number(businessTypeId) } : {}),
    ...(state.trim().length === 2 ? { state: state.trim().toUpperCase() } : {}),
    ...(status ? { status: status as CompanyFilter['status'] } : {}),
    ...(plPlanId ? { plPlanId: Number(plPlanId) } : {}),
  };
  const listing = useAdminCompanies({ ...filter, currentPage: page, itemsPerPage: PAGE_SIZE });
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const exportAs = async (format: ExportFormat) => {
    try {
      await downloadCompanyExport({ ...filter, format }, setProgress);
      enqueueSnackbar(t('adminCompanies.export.done'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorText(t, error), { variant: 'error' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack spacing={2}>
      <SearchFilters
        label={t('adminCompanies.searchLabel')}
        columns={{ xs: '1fr 1fr', md: 'repeat(5, 1fr)' }}
      >
        <TextField
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          label={t('adminCompanies.filters.name')}
          value={search}
          onChange={(event) => changed(setSearch)(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'admin-companies-search', maxLength: 100 } }}
        />
        <AnySelect
          label={t('adminCompanies.filters.type')}
          value={businessTypeId}
          onChange={changed(setBusinessTypeId)}
        >
          {(businessTypes.data ?? []).map((type) => (
            <MenuItem key={type.id} value={String(type.id)}>
              {companyTypeLabel(t, type.name)}
            </MenuItem>
          ))}
        </AnySelect>
        <TextField
          label={t('adminCompanies.filters.state')}
          value={state}
          onChange={(event) => changed(setState)(event.target.value.slice(0, 2))}
          helperText={t('adminCompanies.filters.stateHelp')}
        />
        <AnySelect label={t('adminCompanies.filters.status')} value={status} onChange={changed(setStatus)}>
          {menuOptions(COMPANY_STATUSES, (value) => t(`adminCompanies.status.${value}`))}
        </AnySelect>
        <AnySelect label={t('adminCompanies.filters.plan')} value={plPlanId} onChange={changed(setPlanId)}>
          <MenuItem value="0">{t('adminCompanies.filters.noPlan')}</MenuItem>
          {(plans.data ?? []).map((plan) => (
            <MenuItem key={plan.plPlanId} value={String(plan.plPlanId)}>
              {plan.name}
            </MenuItem>
          ))}
        </AnySelect>
      </SearchFilters>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography
          sx={{ flex: 1, minWidth: 'max-content' }}
          role="status"
          data-testid="admin-companies-total"
        >
          {listing.data
            ? t('adminCompanies.total', { count: listing.data.total })
            : t('adminCompanies.loading')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
          <Button variant="outlined" disabled={progress !== null} onClick={() => void exportAs('csv')}>
            {t('adminCompanies.export.csv')}
          </Button>
          <Button variant="outlined" disabled={progress !== null} onClick={() => void exportAs('xlsx')}>
            {t('adminCompanies.export.xlsx')}
          </Button>
        </Box>
      </Box>
      {progress ? (
        <Box role="status" aria-live="polite">
          <Typography variant="body2">
            {progress.format === 'csv'
              ? t('adminCompanies.export.rows', { rows: progress.rows, total: progress.total })
              : t('adminCompanies.export.bytes', {
                  kb: Math.round(progress.bytes / 1024),
                  total: progress.total,
                })}
          </Typography>
          <LinearProgress
            aria-label={t('adminCompanies.export.progress')}
            variant={progress.format === 'csv' && progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={progress.total > 0 ? (100 * progress.rows) / progress.total : 0}
          />
        </Box>
      ) : null}
      {listing.isError ? <Alert severity="error">{t('errors.generic')}</Alert> : null}
      {listing.data && listing.data.items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('adminCompanies.empty')}</Typography>
      ) : null}
      <Stack
        spacing={1}
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        data-testid="admin-companies-list"
      >
        {listing.data?.items.map((row) => (
          <Paper component="li" variant="outlined" key={row.plCompanyId} sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                  <Typography component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {row.companyName}
                  </Typography>
                  <Chip
                    size="small"
                    label={t(`adminCompanies.status.${row.status}`)}
                    color={row.status === 'ACTIVE' || row.status === 'DEFAULT' ? 'success' : 'default'}
                    variant="outlined"
                  />
                </Box>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {[
                    row.businessType && companyTypeLabel(t, row.businessType),
                    row.state,
                    row.plan ?? t('adminCompanies.filters.noPlan'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  {' · '}
                  {t('adminCompanies.members', { count: row.memberCount })}
                </Typography>
              </Box>
              <Button
                size="small"
                sx={{ flexShrink: 0 }}
                onClick={() => setOpen(row)}
                aria-label={t('adminCompanies.openDetail', { name: row.companyName })}
              >
                {t('adminCompanies.detail')}
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
      <ListingPagination total={listing.data?.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      {open ? <CompanyDetailDialog company={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
