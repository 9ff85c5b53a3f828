import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { PersonalSignUpForm } from '@trustleaf/domain/schemas/accounts';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPasswordField, FormTextField } from '@/components/form/form-text-field';
import { PhoneField } from '@/components/form/phone-field';
import { EulaCheckbox } from '@/features/accounts/components/eula-checkbox';

type PersonalValues = Pick<PersonalSignUpForm, 'firstName' | 'lastName' | 'phone' | 'email' | 'password'>;

/**
 * The person's own fields, the same on the company form and the short sign-up (spec 1 §5 "Short sign-up":
 * validated the same way, by the shared schemas).
 */
export function PersonalFields<T extends FieldValues & PersonalValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  const name = (field: keyof PersonalValues) => field as Path<T>;
  const text = (field: keyof PersonalValues, label: string, autoComplete: string, type?: string) => (
    <FormTextField
      control={control}
      name={name(field)}
      label={t(label)}
      autoComplete={autoComplete}
      type={type}
    />
  );
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        {text('firstName', 'signUp.firstName', 'given-name')}
        {text('lastName', 'signUp.lastName', 'family-name')}
      </Box>
      <PhoneField control={control} name={name('phone')} label={t('signUp.phone')} />
      {text('email', 'auth.email', 'email', 'email')}
      <FormPasswordField
        control={control}
        name={name('password')}
        label={t('auth.password')}
        autoComplete="new-password"
        // The rule is shown before it is broken, as on the reset page: the error that replaces it on
        // leaving the field is the same text, so nothing below moves under the next click.
        helperText={t('validation.strongPassword')}
      />
    </>
  );
}

/** Spec 1 §4: the EULA checkbox, and submit disabled while submitting and while the EULA is not accepted. */
export function SignUpSubmit<T extends FieldValues & { acceptedEula: boolean }>({
  control,
  isSubmitting,
}: {
  control: Control<T>;
  isSubmitting: boolean;
}) {
  const { t } = useTranslation();
  const eula = useController({ control, name: 'acceptedEula' as Path<T> });
  const accepted = eula.field.value === true;
  return (
    <>
      <EulaCheckbox checked={accepted} onChange={eula.field.onChange} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={isSubmitting}
        disabled={isSubmitting || !accepted}
      >
        {t('signUp.submit')}
      </Button>
    </>
  );
}
