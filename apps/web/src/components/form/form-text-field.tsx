import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, useState, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';

interface Props<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  /** The input element itself where it is not a plain input (a masked one), and its props. */
  inputComponent?: OutlinedInputProps['inputComponent'];
  inputProps?: OutlinedInputProps['inputProps'];
}

/**
 * A labelled outlined input bound to react-hook-form; schema messages are shown in the user's
 * language. Built from the input parts rather than TextField, which also bundles Select and its
 * popover machinery into the sign-in page's first load.
 */
export function FormTextField<T extends FieldValues>(props: Props<T>) {
  const { name, control, label, type = 'text', autoComplete, autoFocus, helperText, endAdornment } = props;
  const { inputComponent, inputProps } = props;
  const { t } = useTranslation();
  const id = useId();
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error?.message;
  const help = message ? translateMessage(t, message) : helperText;
  return (
    <FormControl fullWidth variant="outlined" error={Boolean(fieldState.error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        endAdornment={endAdornment}
        inputComponent={inputComponent}
        inputProps={inputProps}
        aria-describedby={help ? `${id}-help` : undefined}
        aria-invalid={Boolean(fieldState.error)}
      />
      {help ? <FormHelperText id={`${id}-help`}>{help}</FormHelperText> : null}
    </FormControl>
  );
}

/** An email address field (the browser's email keyboard and autofill). */
export function FormEmailField<T extends FieldValues>(props: Omit<Props<T>, 'type' | 'autoComplete'>) {
  return <FormTextField {...props} type="email" autoComplete="email" />;
}

export function FormPasswordField<T extends FieldValues>(props: Omit<Props<T>, 'type' | 'endAdornment'>) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={t(isVisible ? 'auth.hidePassword' : 'auth.showPassword')}
            onClick={() => setIsVisible((value) => !value)}
            edge="end"
          >
            {isVisible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
