import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { COMPANY_COUNTRIES } from '@trustleaf/domain/rules/company-fields';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';

/** One text field of a company form: its name, its label's key, and how the browser fills it. */
export interface TextFieldSpec<N extends string = string> {
  name: N;
  label: string;
  autoComplete?: string;
  type?: string;
}

/** Text fields of a form from their specs (labels by key), one after the other. */
export function TextFields<T extends FieldValues>({
  control,
  fields,
}: {
  control: Control<T>;
  fields: readonly TextFieldSpec<Path<T>>[];
}) {
  const { t } = useTranslation();
  return fields.map((field) => (
    <FormField
      key={field.name}
      control={control}
      name={field.name}
      label={t(field.label)}
      type={field.type}
      autoComplete={field.autoComplete}
    />
  ));
}

type AddressValues = { city: string; state: string; zip: string; country: string };

/**
 * A postal address of the company page (the company's office, a location): the street (named as the
 * form names it), city, state, ZIP and the country chosen from the supported ones.
 */
export function AddressFields<T extends FieldValues & AddressValues>({
  control,
  street,
}: {
  control: Control<T>;
  street: Path<T>;
}) {
  const { t } = useTranslation();
  const name = (field: keyof AddressValues) => field as Path<T>;
  return (
    <>
      <TextFields
        control={control}
        fields={[
          { name: street, label: 'company.fields.address', autoComplete: 'street-address' },
          { name: name('city'), label: 'company.fields.city', autoComplete: 'address-level2' },
          { name: name('state'), label: 'company.fields.state', autoComplete: 'address-level1' },
          { name: name('zip'), label: 'company.fields.zip', autoComplete: 'postal-code' },
        ]}
      />
      <FormField control={control} name={name('country')} label={t('company.fields.country')} select>
        {COMPANY_COUNTRIES.map((country) => (
          <MenuItem key={country} value={country}>
            {t(`company.countries.${country}`)}
          </MenuItem>
        ))}
      </FormField>
    </>
  );
}

/**
 * The dialog a record of the company page is added or changed in (a location, a product): its form
 * in two columns, the failure that names no field on top, Cancel and Save.
 */
export function RecordDialog({
  title,
  failure,
  busy,
  saveTestId,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  failure: string | null;
  busy: boolean;
  saveTestId?: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${id}-form`}
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {failure ? (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {failure}
            </Alert>
          ) : null}
          {children}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('company.cancel')}</Button>
        <Button type="submit" form={`${id}-form`} variant="contained" loading={busy} data-testid={saveTestId}>
          {t('company.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
