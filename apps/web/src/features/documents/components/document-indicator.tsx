import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  todayIn,
  VAULT_STATE_COLOURS,
  vaultState,
  type VaultState,
} from '@trustleaf/domain/rules/document-status';
import { useTranslation } from 'react-i18next';

/** Theme colours of the indicator's states (the vault summary's chart uses them too). */
export const INDICATOR_PALETTE = {
  green: 'success.main',
  amber: 'warning.main',
  red: 'error.main',
  grey: 'action.disabled',
};
export const INDICATOR_LABEL_KEYS: Record<VaultState, string> = {
  valid: 'documents.indicator.valid',
  pending: 'documents.indicator.pending',
  expiringSoon: 'documents.indicator.expiringSoon',
  expired: 'documents.indicator.expired',
  rejected: 'documents.indicator.rejected',
  missing: 'documents.indicator.missing',
};

/** Each state has its own icon, so Expired and Rejected differ by more than their words (and colour). */
const ICONS: Record<VaultState, typeof CheckCircleIcon> = {
  valid: CheckCircleIcon,
  pending: HourglassTopIcon,
  expiringSoon: ScheduleIcon,
  expired: EventBusyIcon,
  rejected: BlockIcon,
  missing: RadioButtonUncheckedIcon,
};

/**
 * The document indicator of spec 1 §4, with a document waiting for its review amber "Pending review"
 * (`vaultState`): a coloured icon and, when it needs attention, its label.
 */
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
  const state = vaultState(document, todayIn(now), daysPriorNotify);
  const colour = VAULT_STATE_COLOURS[state];
  const label = t(INDICATOR_LABEL_KEYS[state]);
  const showsLabel = state !== 'valid' && state !== 'missing';
  const Icon = ICONS[state];
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
        <Icon aria-hidden data-icon={state} sx={{ fontSize: 16, color: INDICATOR_PALETTE[colour] }} />
        {showsLabel ? (
          <Typography variant="caption" component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
            {label}
          </Typography>
        ) : null}
      </Box>
    </Tooltip>
  );
}
