import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { SEGMENTS } from '@trustleaf/domain/reference/company-types';
import { companyTypesForSegments, PROCESSOR_TYPE } from '@trustleaf/domain/rules/sign-up';
import { useId } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';

/** The part of a form these fields bind to (the onboarding form and the Create Company dialog). */
export interface CompanyTypeValues {
  segmentId: number | null;
  typeOfCompany: string;
  manufactureForOther: boolean;
  requiredMOQ: boolean;
}

function YesNo({
  label,
  value,
  onChange,
}: {
  label: string;
  value: boolean;
  onChange: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        value={value ? 'yes' : 'no'}
        onChange={(e) => onChange(e.target.value === 'yes')}
      >
        <FormControlLabel value="yes" control={<Radio />} label={t('signUp.yes')} />
        <FormControlLabel value="no" control={<Radio />} label={t('signUp.no')} />
      </RadioGroup>
    </FormControl>
  );
}

/**
 * Spec 1 §4 "Company type questions": the type list follows the segment (changing it clears the type);
 * processors answer "manufacture for others" (default Yes) and, only then, the MOQ question.
 */
export function CompanyTypeFields<T extends CompanyTypeValues>({
  control: untypedControl,
  showSegment,
}: {
  control: Control<T>;
  showSegment: boolean;
}) {
  const control = untypedControl as unknown as Control<CompanyTypeValues>;
  const { t } = useTranslation();
  const segment = useController({ control, name: 'segmentId' });
  const type = useController({ control, name: 'typeOfCompany' });
  const manufacture = useController({ control, name: 'manufactureForOther' });
  const moq = useController({ control, name: 'requiredMOQ' });
  const segmentId = useWatch({ control, name: 'segmentId' });
  const types = companyTypesForSegments(segmentId ? [segmentId] : []);
  const typeError = type.fieldState.error?.message;

  return (
    <>
      {showSegment ? (
        <TextField
          select
          label={t('signUp.segment')}
          value={segment.field.value ?? ''}
          onChange={(event) => {
            segment.field.onChange(event.target.value === '' ? null : Number(event.target.value));
            type.field.onChange('');
          }}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 224 } } } } } }}
        >
          {SEGMENTS.map((entry) => (
            <MenuItem key={entry.id} value={entry.id}>
              {t(`signUp.segments.${entry.type}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField
        select
        label={t('signUp.typeOfCompany')}
        value={type.field.value}
        onChange={(event) => type.field.onChange(event.target.value)}
        onBlur={type.field.onBlur}
        inputRef={type.field.ref}
        error={Boolean(typeError)}
        helperText={typeError ? translateMessage(t, typeError) : undefined}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 224 } } } } } }}
      >
        {types.map((entry) => (
          <MenuItem key={entry.type} value={entry.type}>
            {t(`signUp.companyTypes.${entry.type}`)}
          </MenuItem>
        ))}
      </TextField>
      {type.field.value === PROCESSOR_TYPE ? (
        <YesNo
          label={t('signUp.manufactureForOthers')}
          value={manufacture.field.value}
          onChange={manufacture.field.onChange}
        />
      ) : null}
      {type.field.value === PROCESSOR_TYPE && manufacture.field.value ? (
        <YesNo label={t('signUp.requireMoq')} value={moq.field.value} onChange={moq.field.onChange} />
      ) : null}
    </>
  );
}
