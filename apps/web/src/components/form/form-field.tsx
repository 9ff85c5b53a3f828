import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';
import type { KeyedFieldError } from '@/lib/keyed-zod-resolver';

export interface FormFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder?: string;
  type?: string;
  autoComplete?: string;
  disabled?: boolean;
  multiline?: boolean;
  /** A multiline field's height in lines (2 by default). */
  minRows?: number;
  /** A select: its options are the children (MenuItems). */
  select?: boolean;
  size?: 'small' | 'medium';
  /** Turns the input's text into the form value (ids in selects, for instance); text by default. */
  parse?: (raw: string) => unknown;
  /** A select of several values (the value is an array); `renderValue` shows the chosen ones. */
  multiple?: boolean;
  renderValue?: (value: unknown) => ReactNode;
  /** The input's accessible name where the visible label is not enough (a row's field, "Name 2"). */
  ariaLabel?: string;
  /** Marks the label as required (the schema still decides). */
  required?: boolean;
  autoFocus?: boolean;
  /** Takes the row's width (the default); false in a row of fields that wrap. */
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** Told of each change, after the form (to keep another field in step). */
  onValueChange?: (value: unknown) => void;
  /** Shown under the field while it has no error (a hint such as the password rule). */
  helperText?: ReactNode;
  /** Attributes of the input element itself (`data-testid`, `inputMode`). */
  htmlInput?: Record<string, string>;
  children?: ReactNode;
}

/**
 * A text field or select bound to react-hook-form, with the schema's message shown in the user's
 * language: the one controlled-field block of the app's dialogs. (Pages in the sign-in page's first
 * load use FormTextField, which leaves Select out of that budget.)
 */
export function FormField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  type = 'text',
  autoComplete,
  disabled = false,
  multiline = false,
  minRows = 2,
  select = false,
  size = 'medium',
  parse,
  multiple = false,
  renderValue,
  ariaLabel,
  required = false,
  autoFocus = false,
  fullWidth = true,
  sx,
  onValueChange,
  helperText,
  htmlInput,
  children,
}: FormFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? (multiple ? [] : '')}
          onChange={(event) => {
            const value = parse ? parse(event.target.value) : event.target.value;
            field.onChange(value);
            onValueChange?.(value);
          }}
          label={label}
          placeholder={placeholder}
          size={size}
          fullWidth={fullWidth}
          sx={sx}
          select={select}
          type={type}
          autoComplete={autoComplete}
          multiline={multiline}
          minRows={multiline ? minRows : undefined}
          disabled={disabled}
          required={required}
          autoFocus={autoFocus}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error
              ? translateMessage(t, fieldState.error.message, (fieldState.error as KeyedFieldError).params)
              : helperText
          }
          slotProps={{
            ...(type === 'date' || type === 'datetime-local' ? { inputLabel: { shrink: true } } : {}),
            ...(multiple ? { select: { multiple, renderValue } } : {}),
            ...(ariaLabel || htmlInput
              ? { htmlInput: { ...(ariaLabel ? { 'aria-label': ariaLabel } : {}), ...htmlInput } }
              : {}),
          }}
        >
          {children}
        </TextField>
      )}
    />
  );
}
