import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { documentIndicator, type IndicatorDocument } from '@trustleaf/domain/rules/document-indicator';
import { useTranslation } from 'react-i18next';
import { useExtraLocale } from '@/lib/locale-bundle';

const COLORS = { green: 'success.main', amber: 'warning.main', red: 'error.main', grey: 'grey.400' } as const;
const LABEL_KEYS = {
  'Expiring soon!': 'inputs.indicator.expiringSoon',
  Expired: 'inputs.indicator.expired',
  Rejected: 'inputs.indicator.rejected',
} as const;

/** Spec 1 §4 "Document indicator": a coloured dot with the label the rule gives. */
export function DocumentIndicator({
  document,
  now = new Date(),
}: {
  document: IndicatorDocument | null | undefined;
  now?: Date;
}) {
  useExtraLocale();
  const { t } = useTranslation();
  const state = documentIndicator(document, now);
  const label = state.label
    ? t(LABEL_KEYS[state.label])
    : t(state.color === 'grey' ? 'inputs.indicator.missing' : 'inputs.indicator.valid');
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }} data-indicator={state.color}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: COLORS[state.color] }}
      />
      <Typography
        variant="caption"
        sx={state.label ? { color: COLORS[state.color], fontWeight: 600 } : { color: 'text.secondary' }}
      >
        {label}
      </Typography>
    </Box>
  );
}
