import { INPUT_MASKS } from '@trustleaf/domain/rules/input-masks';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { MaskedTextField } from '@/components/form/masked-text-field';

/** The (NXX) XXX-XXXX phone input; the schema checks it with libphonenumber-js (+1 default). */
export function PhoneField<T extends FieldValues>(props: {
  name: Path<T>;
  control: Control<T>;
  label: string;
}) {
  return <MaskedTextField {...props} mask={INPUT_MASKS.phone} autoComplete="tel-national" inputMode="tel" />;
}
