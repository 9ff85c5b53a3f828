import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import {
  NEW_RESTRICTION,
  type PlanFormValues,
  type RestrictionDraft,
} from '@trustleaf/domain/rules/plan-form';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SpecFields, type FieldSpec } from './admin-form-fields';

const RESTRICTION_FIELDS: readonly (FieldSpec & { name: keyof RestrictionDraft })[] = [
  { name: 'delayDuration', labelKey: 'billing.admin.restriction.delay', type: 'number' },
  {
    name: 'delayUnit',
    labelKey: 'billing.admin.restriction.unit',
    options: (['DAY', 'WEEK', 'MONTH'] as const).map((unit) => [unit, `billing.units.${unit}`] as const),
  },
  {
    name: 'state',
    labelKey: 'billing.admin.restriction.state',
    options: [
      ['NON_INTERACTABLE', 'billing.admin.restriction.locked'],
      ['HIDDEN', 'billing.admin.restriction.hidden'],
    ],
  },
  {
    name: 'sourceIds',
    labelKey: 'billing.admin.restriction.sources',
    helpKey: 'billing.admin.restriction.sourcesHelp',
  },
];

/**
 * A feature's delayed restriction (spec 3 §4): after the delay from the subscription start, the
 * granted feature turns into the chosen state; source ids narrow it to some of the feature's sources.
 */
export function RestrictionFields({
  control,
  index,
  featureName,
}: {
  control: Control<PlanFormValues>;
  /** The feature's place in the plan form. */
  index: number;
  featureName: string;
}) {
  const { t } = useTranslation();
  const name = `features.${index}.restriction` as const;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box sx={{ display: 'grid', gap: 1, pl: 4 }} data-testid={`restriction-${featureName}`}>
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={field.value !== null}
                onChange={(event) => field.onChange(event.target.checked ? { ...NEW_RESTRICTION } : null)}
              />
            }
            label={t('billing.admin.restriction.enabled')}
          />
          {field.value ? (
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
              <SpecFields control={control} fields={RESTRICTION_FIELDS} prefix={`${name}.`} size="small" />
            </Box>
          ) : null}
        </Box>
      )}
    />
  );
}
