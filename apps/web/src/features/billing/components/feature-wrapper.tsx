import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MembersOnlyDialog } from '@/components/dialogs/members-only-dialog';
import { LaterTooltip } from '@/components/feedback/later-tooltip';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useFeatureStatus } from './use-feature-status';

/**
 * Wraps a gated element: NORMAL shows it, HIDDEN drops it, NON_INTERACTABLE shows it inert with an
 * upgrade prompt that opens the paywall. `block` makes it fill its row (a navigation list item).
 */
export function FeatureWrapper({
  feature,
  usage,
  block = false,
  children,
}: {
  feature: string;
  usage?: number;
  block?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useFeatureStatus(feature, usage);
  const [isMembersOnlyOpen, setIsMembersOnlyOpen] = useState(false);
  if (status === 'HIDDEN') return null;
  const isLocked = status !== 'NORMAL';
  return (
    <Box
      component="span"
      data-feature={feature}
      data-feature-status={status}
      sx={{
        display: block ? 'flex' : 'inline-flex',
        alignItems: 'center',
        width: block ? '100%' : undefined,
      }}
    >
      <Box
        component="span"
        aria-disabled={isLocked || undefined}
        inert={isLocked}
        sx={{
          display: block ? 'flex' : 'inline-flex',
          ...(block ? { flex: 1, minWidth: 0 } : {}),
          ...(isLocked ? { opacity: 0.5, pointerEvents: 'none' } : {}),
        }}
      >
        {children}
      </Box>
      {status === 'NON_INTERACTABLE' ? (
        <LaterTooltip title={t('billing.upgradePrompt')}>
          <IconButton
            size="small"
            aria-label={t('billing.upgradePrompt')}
            onClick={() =>
              // Spec 1 §4: in the Canadian region a gated feature is for association members.
              env.region.region === 'CA'
                ? setIsMembersOnlyOpen(true)
                : void navigate(paths.account.subscription.getHref(true))
            }
          >
            <LockOutlinedIcon fontSize="small" />
          </IconButton>
        </LaterTooltip>
      ) : null}
      {isMembersOnlyOpen ? <MembersOnlyDialog open onClose={() => setIsMembersOnlyOpen(false)} /> : null}
    </Box>
  );
}
