import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { AddressSuggestion } from '@trustleaf/domain/schemas/accounts';
import { TEXT_FIELD_DEBOUNCE_MS } from '@trustleaf/domain/rules/sign-up';
import { useEffect, useState, type ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormSetValue,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/form-text-field';
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

type AddressValues = { address: string; city: string; state: string; zip: string };

/**
 * The office address bound to a form (the company sign-up and the create-company dialog): the street
 * with its suggestions, then city and state, and the ZIP beside them when `zip` is given. Picking a
 * suggestion fills all four.
 */
export function OfficeAddressFields<T extends FieldValues & AddressValues>({
  control,
  setValue,
  country,
  zip,
}: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  country: 'US' | 'CA';
  zip?: ReactNode;
}) {
  const { t } = useTranslation();
  const name = (field: keyof AddressValues) => field as Path<T>;
  const set = (field: keyof AddressValues, value: string) =>
    setValue(name(field), value as PathValue<T, Path<T>>);
  const address = useController({ control, name: name('address') });
  return (
    <>
      <OfficeAddressField
        value={address.field.value}
        country={country}
        onChange={address.field.onChange}
        onSelect={(suggestion) => {
          set('address', suggestion.corporateOfficeAddress);
          set('city', suggestion.city);
          set('state', suggestion.state);
          set('zip', suggestion.zip);
        }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: zip ? '1fr 1fr 1fr' : '1fr 1fr', gap: 1.5 }}>
        <FormTextField
          control={control}
          name={name('city')}
          label={t('signUp.city')}
          autoComplete="address-level2"
        />
        <FormTextField
          control={control}
          name={name('state')}
          label={t(country === 'CA' ? 'signUp.province' : 'signUp.state')}
          autoComplete="address-level1"
        />
        {zip}
      </Box>
    </>
  );
}
