import MenuItem from '@mui/material/MenuItem';
import type { TFunction } from 'i18next';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, type FormFieldProps } from '@/components/form/form-field';

/** A select's options: each value with the locale key of its label. */
export type Options = readonly (readonly [string, string])[];

/** A select's options as MenuItems (MUI's Select wants them as its children). */
export const optionItems = (t: TFunction, options: Options) =>
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

/** One field of a console form: its name (under the group's prefix), label, input type or options. */
export interface FieldSpec {
  name: string;
  labelKey: string;
  type?: 'number' | 'date';
  options?: Options;
  helpKey?: string;
}

/**
 * A console form's fields from their specs, all alike (size, width); `prefix` places the group in
 * the form (`features.0.restriction.`), `isDisabled` turns one off.
 */
export function SpecFields<T extends FieldValues>({
  control,
  fields,
  prefix = '',
  isDisabled,
  ...common
}: {
  control: Control<T>;
  fields: readonly FieldSpec[];
  prefix?: string;
  isDisabled?: (name: string) => boolean;
} & Pick<FormFieldProps<T>, 'size' | 'fullWidth' | 'sx'>) {
  const { t } = useTranslation();
  return fields.map((field) => (
    <FormField
      key={field.name}
      {...common}
      control={control}
      name={`${prefix}${field.name}` as Path<T>}
      label={t(field.labelKey)}
      type={field.type}
      select={Boolean(field.options)}
      disabled={isDisabled?.(field.name)}
      helperText={field.helpKey ? t(field.helpKey) : undefined}
    >
      {field.options ? optionItems(t, field.options) : null}
    </FormField>
  ));
}
