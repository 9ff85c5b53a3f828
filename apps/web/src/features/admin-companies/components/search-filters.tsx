import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A listing's filters: a search landmark whose fields apply as they change (Enter sends nothing). */
export function SearchFilters({
  label,
  columns,
  children,
}: {
  label: string;
  /** The grid's columns by breakpoint. */
  columns: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}
    >
      {children}
    </Box>
  );
}

/** A filter's value when it filters nothing. */
export const ANY = '';

/** A filter's select: "Any" (the empty value, no filter) first, then its options. */
export function AnySelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <MenuItem value={ANY}>{t('adminCompanies.filters.any')}</MenuItem>
      {children}
    </TextField>
  );
}
