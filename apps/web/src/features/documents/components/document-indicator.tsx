import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  documentIndicator,
  INDICATOR_COLOURS,
  todayIn,
  type IndicatorState,
} from '@trustleaf/domain/rules/document-status';
import { useTranslation } from 'react-i18next';

/** Theme colours of the indicator's states (the vault summary's chart uses them too). */
export const INDICATOR_PALETTE = {
  green: 'success.main',
  amber: 'warning.main',
  red: 'error.main',
  grey: 'action.disabled',
};
export const INDICATOR_LABEL_KEYS: Record<IndicatorState, string> = {
  valid: 'documents.indicator.valid',
  expiringSoon: 'documents.indicator.expiringSoon',
  expired: 'documents.indicator.expired',
  rejected: 'documents.indicator.rejected',
  missing: 'documents.indicator.missing',
};

/** The document indicator of spec 1 §4: a coloured dot and, when it needs attention, its label. */
export function DocumentIndicator({
  document,
  daysPriorNotify,
  now = new Date(),
}: {
  document: { expirationCheck: boolean; reviewStatus: string | null; expirationDate: string | null } | null;
  daysPriorNotify: number | null;
  now?: Date;
}) {
  const { t } = useTranslation();
  const state = documentIndicator(document, todayIn(now), daysPriorNotify);
  const colour = INDICATOR_COLOURS[state];
  const label = t(INDICATOR_LABEL_KEYS[state]);
  const showsLabel = state === 'expiringSoon' || state === 'expired' || state === 'rejected';
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="status"
        aria-label={label}
        data-testid="document-indicator"
        data-state={state}
        data-colour={colour}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
      >
        <Box
          component="span"
          sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: INDICATOR_PALETTE[colour] }}
        />
        {showsLabel ? (
          <Typography variant="caption" component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
            {label}
          </Typography>
        ) : null}
      </Box>
    </Tooltip>
  );
}
