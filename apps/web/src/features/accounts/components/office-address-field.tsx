import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AddressSuggestion } from '@trustleaf/domain/schemas/accounts';
import { TEXT_FIELD_DEBOUNCE_MS } from '@trustleaf/domain/rules/sign-up';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestAddresses } from '@/features/accounts/api/suggest-addresses';

/**
 * The office address with suggestions (spec 1 §7 places service, limited to the region). Typing keeps the
 * street; picking a suggestion fills street, city, state and ZIP through `onSelect`.
 */
export function OfficeAddressField({
  value,
  country,
  onChange,
  onSelect,
}: {
  value: string;
  country: 'US' | 'CA';
  onChange: (street: string) => void;
  onSelect: (suggestion: AddressSuggestion) => void;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<AddressSuggestion[]>([]);

  useEffect(() => {
    if (value.trim().length < 3) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestAddresses(value, country, controller.signal)
        .then(setOptions)
        .catch(() => setOptions([]));
    }, TEXT_FIELD_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, country]);

  return (
    <Autocomplete
      freeSolo
      options={options}
      filterOptions={(all) => all}
      inputValue={value}
      onInputChange={(_, next, reason) => {
        if (reason === 'input' || reason === 'clear') onChange(next);
      }}
      onChange={(_, selected) => {
        if (selected && typeof selected !== 'string') onSelect(selected);
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.corporateOfficeAddress)}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {option.fullAddress}
          </li>
        );
      }}
      noOptionsText={t('signUp.noSuggestions')}
      renderInput={(params) => (
        <TextField {...params} label={t('signUp.officeAddress')} helperText={t('signUp.officeAddressHelp')} />
      )}
    />
  );
}
