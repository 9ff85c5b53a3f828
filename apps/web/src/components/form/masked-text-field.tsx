import { forwardRef, useState, type FocusEvent, type ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { CURRENCY_MASK } from '@trustleaf/domain/rules/input-masks';
import { FormTextField } from './form-text-field';

export type MaskOptions = Record<string, unknown> & { mask: unknown };

/** Spec 1 §5 currency: thousands separators, 2 decimals, at most 9 integer digits, no negatives. */
export const CURRENCY_MASK_OPTIONS: MaskOptions = {
  mask: Number,
  scale: CURRENCY_MASK.scale,
  thousandsSeparator: CURRENCY_MASK.thousandsSeparator,
  radix: CURRENCY_MASK.radix,
  mapToRadix: ['.'],
  normalizeZeros: true,
  padFractionalZeros: false,
  min: CURRENCY_MASK.min,
  max: CURRENCY_MASK.max,
};

interface MaskAdapterProps {
  onChange: (event: { target: { name: string; value: string } }) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  name: string;
  value?: string;
  maskOptions: MaskOptions;
}

/**
 * Bridges imask to MUI's input slot; the form keeps the masked text (placeholders included). An empty
 * field gets its mask when it is first focused or filled in (by the browser's autofill): setting up
 * every masked field as a form mounted was a large part of the sign-up page's first render. Until then
 * it is the same input, unmasked, showing the form's value and reporting what the browser fills in.
 */
const MaskAdapter = forwardRef<HTMLInputElement, MaskAdapterProps>(function MaskAdapter(props, ref) {
  const { onChange, onFocus, maskOptions, ...other } = props;
  const [masked, setMasked] = useState(() => Boolean(other.value));
  const report = (value: string) => onChange({ target: { name: props.name, value } });
  return (
    <IMaskInput
      {...other}
      {...(masked ? (maskOptions as object) : {})}
      inputRef={ref}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setMasked(true);
        onFocus?.(event);
      }}
      onChange={
        masked
          ? undefined
          : (event: { target: { value: string } }) => {
              report(event.target.value);
              setMasked(true);
            }
      }
      onAccept={(value: unknown) => report(String(value))}
    />
  );
});

interface Props<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  /** An imask pattern such as INPUT_MASKS.phone, or full imask options. */
  mask: string | MaskOptions;
  autoComplete?: string;
  helperText?: ReactNode;
  inputMode?: 'numeric' | 'tel' | 'text' | 'decimal';
}

const maskOptionsOf = (mask: string | MaskOptions): MaskOptions =>
  typeof mask === 'string' ? { mask, placeholderChar: '_', lazy: true } : mask;

/** A masked input bound to react-hook-form (spec 1 §5 "Input masks"). */
export function MaskedTextField<T extends FieldValues>(props: Props<T>) {
  const { mask, inputMode, ...field } = props;
  // A new options object on every render would make imask rebuild its mask and drop the user's edit:
  // the options are made again only when the mask itself changes.
  const maskKey = typeof mask === 'string' ? mask : JSON.stringify(mask);
  const [kept, setKept] = useState(() => ({ key: maskKey, options: maskOptionsOf(mask) }));
  // React renders again at once with the new options, before anything is shown.
  if (kept.key !== maskKey) setKept({ key: maskKey, options: maskOptionsOf(mask) });
  const maskOptions = kept.options;
  return (
    <FormTextField {...field} inputComponent={MaskAdapter as never} inputProps={{ maskOptions, inputMode }} />
  );
}
