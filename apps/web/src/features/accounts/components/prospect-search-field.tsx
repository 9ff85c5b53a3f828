import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { CompanyOption } from '@trustleaf/domain/schemas/accounts';
import { COMPANY_SEARCH_DEBOUNCE_MS } from '@trustleaf/domain/rules/sign-up';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchProspects } from '@/features/accounts/api/search-prospects';

/** The prospect company search (spec 1 §7 companyListing): 500 ms debounce, 5 per page. */
export function ProspectSearchField({ onSelect }: { onSelect: (option: CompanyOption) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<CompanyOption[]>([]);
  const [isLoading, setIsLoading] = useState(false);

  useEffect(() => {
    if (text.trim().length < 2) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setIsLoading(true);
      searchProspects(text.trim(), controller.signal)
        .then(setOptions)
        .catch(() => setOptions([]))
        .finally(() => setIsLoading(false));
    }, COMPANY_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  return (
    <Autocomplete
      options={options}
      loading={isLoading}
      filterOptions={(all) => all}
      inputValue={text}
      onInputChange={(_, next) => setText(next)}
      onChange={(_, selected) => {
        if (selected) onSelect(selected);
      }}
      getOptionLabel={(option) => option.companyName}
      isOptionEqualToValue={(a, b) => a.plCompanyId === b.plCompanyId}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const place = option.locations[0];
        return (
          <li key={key} {...rest}>
            {option.companyName}
            {place?.city ? ` — ${[place.city, place.state].filter(Boolean).join(', ')}` : ''}
          </li>
        );
      }}
      noOptionsText={t('signUp.noProspects')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('signUp.prospectSearch')}
          helperText={t('signUp.prospectSearchHelp')}
        />
      )}
    />
  );
}
