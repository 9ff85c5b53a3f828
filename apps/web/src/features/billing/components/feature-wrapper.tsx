import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useFeatureStatus } from './use-feature-status';

/**
 * Wraps a gated element: NORMAL shows it, HIDDEN drops it, NON_INTERACTABLE shows it inert with an
 * upgrade prompt that opens the paywall.
 */
export function FeatureWrapper({
  feature,
  usage,
  children,
}: {
  feature: string;
  usage?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useFeatureStatus(feature, usage);
  if (status === 'HIDDEN') return null;
  const isLocked = status !== 'NORMAL';
  return (
    <Box
      component="span"
      data-feature={feature}
      data-feature-status={status}
      sx={{ display: 'inline-flex', alignItems: 'center' }}
    >
      <Box
        component="span"
        aria-disabled={isLocked || undefined}
        inert={isLocked}
        sx={
          isLocked
            ? { opacity: 0.5, pointerEvents: 'none', display: 'inline-flex' }
            : { display: 'inline-flex' }
        }
      >
        {children}
      </Box>
      {status === 'NON_INTERACTABLE' ? (
        <Tooltip title={t('billing.upgradePrompt')}>
          <IconButton
            size="small"
            aria-label={t('billing.upgradePrompt')}
            onClick={() => void navigate(paths.account.subscription.getHref(true))}
          >
            <LockOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
}
