import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { NEW_RESTRICTION, type PlanFormValues } from '@trustleaf/domain/rules/plan-form';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { optionItems } from './admin-form-options';

const UNIT_OPTIONS = (['DAY', 'WEEK', 'MONTH'] as const).map(
  (unit) => [unit, `billing.units.${unit}`] as const,
);
const STATE_OPTIONS = [
  ['NON_INTERACTABLE', 'billing.admin.restriction.locked'],
  ['HIDDEN', 'billing.admin.restriction.hidden'],
] as const;

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
              <FormField
                control={control}
                name={`${name}.delayDuration`}
                size="small"
                type="number"
                label={t('billing.admin.restriction.delay')}
              />
              <FormField
                control={control}
                name={`${name}.delayUnit`}
                size="small"
                label={t('billing.admin.restriction.unit')}
                select
              >
                {optionItems(t, UNIT_OPTIONS)}
              </FormField>
              <FormField
                control={control}
                name={`${name}.state`}
                size="small"
                label={t('billing.admin.restriction.state')}
                select
              >
                {optionItems(t, STATE_OPTIONS)}
              </FormField>
              <FormField
                control={control}
                name={`${name}.sourceIds`}
                size="small"
                label={t('billing.admin.restriction.sources')}
                helperText={t('billing.admin.restriction.sourcesHelp')}
              />
            </Box>
          ) : null}
        </Box>
      )}
    />
  );
}
