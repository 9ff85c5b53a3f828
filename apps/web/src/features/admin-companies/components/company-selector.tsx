import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { CompanyListingRow } from '@trustleaf/domain/schemas/admin';
import type { CompanyRef } from '@trustleaf/domain/schemas/auth';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/stores/app-store';
import { useAdminCompanies } from '../api/get-admin-companies';

type Option = Pick<CompanyRef, 'plCompanyId' | 'companyName'>;

/** The account state's form of a listed company (spec 3 §3 currentAdminSelectedCompany). */
export function companyRefOf(row: CompanyListingRow): CompanyRef {
  return {
    plCompanyId: row.plCompanyId,
    companyName: row.companyName,
    businessType: row.businessType,
    state: row.state,
    country: row.country,
    kind: row.kind,
    status: row.status,
    isOwner: false,
    resourcePhoto: null,
  };
}

/**
 * The super admin's company selector (spec 3 §3: plCompanyId 0 is every company, placeholder
 * "Select a Company"): company pages then show the chosen company, and act for it.
 */
export function CompanySelector() {
  const { t } = useTranslation();
  const selected = useAppStore((state) => state.account.currentAdminSelectedCompany);
  const select = useAppStore((state) => state.selectAdminCompany);
  const [search, setSearch] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const deferred = useDeferredValue(search);
  const listing = useAdminCompanies({ search: deferred || undefined, itemsPerPage: 20 }, isOpen);
  const all: Option = { plCompanyId: 0, companyName: t('adminCompanies.selector.all') };
  const rows = listing.data?.items ?? [];
  const options: Option[] = [all, ...rows];
  const value: Option | null = selected && selected.plCompanyId !== 0 ? selected : null;

  return (
    <Autocomplete
      size="small"
      sx={{ width: { xs: '100%', sm: 320 } }}
      options={options}
      value={value}
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      loading={listing.isFetching}
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, current) => option.plCompanyId === current.plCompanyId}
      getOptionLabel={(option) => option.companyName}
      getOptionKey={(option) => option.plCompanyId}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setSearch(text);
        if (reason === 'clear') setSearch('');
      }}
      onChange={(_event, option) => {
        const row = option ? rows.find((r) => r.plCompanyId === option.plCompanyId) : undefined;
        select(row ? companyRefOf(row) : null);
        setSearch('');
      }}
      noOptionsText={t('adminCompanies.selector.none')}
      loadingText={t('adminCompanies.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('adminCompanies.selector.label')}
          placeholder={t('adminCompanies.selector.placeholder')}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'admin-company-selector' },
          }}
        />
      )}
    />
  );
}
