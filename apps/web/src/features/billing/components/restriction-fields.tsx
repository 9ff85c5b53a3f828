import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { parseSourceIds, SOURCE_IDS_MESSAGE } from '@trustleaf/domain/rules/promo';
import { DelayedRestrictionSchema, type PlanUpsert } from '@trustleaf/domain/schemas/billing';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';

export const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));

type Restriction = NonNullable<PlanUpsert['features'][number]['restriction']>;
/** The restriction inputs as typed; checked against the API's schema on save. */
export interface RestrictionDraft {
  delayDuration: string;
  delayUnit: Restriction['delayUnit'];
  state: Restriction['state'];
  sourceIds: string;
}
const NEW_RESTRICTION: RestrictionDraft = {
  delayDuration: '30',
  delayUnit: 'DAY',
  state: 'NON_INTERACTABLE',
  sourceIds: '',
};
export const restrictionDraftOf = (restriction: Restriction | null): RestrictionDraft | null =>
  restriction
    ? {
        delayDuration: String(restriction.delayDuration),
        delayUnit: restriction.delayUnit,
        state: restriction.state,
        sourceIds: (restriction.sourceIds ?? []).join(', '),
      }
    : null;

/** A restriction draft as the API takes it, or the messages of the fields that are wrong. */
export function parseRestriction(
  draft: RestrictionDraft,
): { value: Restriction } | { errors: Partial<Record<'delayDuration' | 'sourceIds', string>> } {
  const sourceIds = parseSourceIds(draft.sourceIds);
  const parsed = DelayedRestrictionSchema.safeParse({
    sourceIds: sourceIds ?? [],
    delayDuration: draft.delayDuration.trim() === '' ? Number.NaN : Number(draft.delayDuration),
    delayUnit: draft.delayUnit,
    state: draft.state,
  });
  const errors: Partial<Record<'delayDuration' | 'sourceIds', string>> = {};
  if (sourceIds === null) errors.sourceIds = SOURCE_IDS_MESSAGE;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] === 'sourceIds' ? 'sourceIds' : 'delayDuration';
      errors[name] ??= issue.message;
    }
  }
  return parsed.success && sourceIds !== null ? { value: parsed.data } : { errors };
}

/**
 * A feature's delayed restriction (spec 3 §4): after the delay from the subscription start, the
 * granted feature turns into the chosen state; source ids narrow it to some of the feature's sources.
 */
export function RestrictionFields({
  featureName,
  draft,
  errors,
  onChange,
}: {
  featureName: string;
  draft: RestrictionDraft | null;
  errors: Partial<Record<'delayDuration' | 'sourceIds', string>> | undefined;
  onChange: (draft: RestrictionDraft | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1, pl: 4 }} data-testid={`restriction-${featureName}`}>
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={draft !== null}
            onChange={(e) => onChange(e.target.checked ? NEW_RESTRICTION : null)}
          />
        }
        label={t('billing.admin.restriction.enabled')}
      />
      {draft ? (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
          <TextField
            size="small"
            type="number"
            label={t('billing.admin.restriction.delay')}
            value={draft.delayDuration}
            onChange={(e) => onChange({ ...draft, delayDuration: e.target.value })}
            error={Boolean(errors?.delayDuration)}
            helperText={errors?.delayDuration ? translateMessage(t, errors.delayDuration) : undefined}
          />
          <TextField
            size="small"
            select
            label={t('billing.admin.restriction.unit')}
            value={draft.delayUnit}
            onChange={(e) => onChange({ ...draft, delayUnit: e.target.value as Restriction['delayUnit'] })}
          >
            {(['DAY', 'WEEK', 'MONTH'] as const).map((unit) => (
              <MenuItem key={unit} value={unit}>
                {t(`billing.units.${unit}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            select
            label={t('billing.admin.restriction.state')}
            value={draft.state}
            onChange={(e) => onChange({ ...draft, state: e.target.value as Restriction['state'] })}
          >
            <MenuItem value="NON_INTERACTABLE">{t('billing.admin.restriction.locked')}</MenuItem>
            <MenuItem value="HIDDEN">{t('billing.admin.restriction.hidden')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={t('billing.admin.restriction.sources')}
            value={draft.sourceIds}
            onChange={(e) => onChange({ ...draft, sourceIds: e.target.value })}
            error={Boolean(errors?.sourceIds)}
            helperText={
              errors?.sourceIds
                ? translateMessage(t, errors.sourceIds)
                : t('billing.admin.restriction.sourcesHelp')
            }
          />
        </Box>
      ) : null}
    </Box>
  );
}
