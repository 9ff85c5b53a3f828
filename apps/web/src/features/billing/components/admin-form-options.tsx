import MenuItem from '@mui/material/MenuItem';
import type { TFunction } from 'i18next';

/** A select's options, each labelled by its locale key (MUI's Select wants the MenuItems as children). */
export const optionItems = (t: TFunction, options: readonly (readonly [string, string])[]) =>
  options.map(([value, key]) => (
    <MenuItem key={value} value={value}>
      {t(key)}
    </MenuItem>
  ));

/** A plan's or a promo's status. */
export const STATUS_OPTIONS = [
  ['ACTIVE', 'billing.admin.active'],
  ['INACTIVE', 'billing.admin.inactive'],
] as const;
