import FolderSpecialOutlinedIcon from '@mui/icons-material/FolderSpecialOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  todayIn,
  VAULT_STATE_COLOURS,
  vaultState,
  type VaultState,
} from '@trustleaf/domain/rules/document-status';
import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import type { CompanyDocument } from '@trustleaf/domain/schemas/document';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SummaryCard } from '@/components/layouts/summary-card';
import { paths } from '@/config/paths';
import { useCompanyDocuments } from '../api/get-company-documents';
import { INDICATOR_LABEL_KEYS, INDICATOR_PALETTE } from './document-indicator';

/** Order of the chart's segments: what needs attention first. */
export const VAULT_STATES: readonly VaultState[] = [
  'expired',
  'rejected',
  'expiringSoon',
  'pending',
  'valid',
  'missing',
];
/**
 * Counts a company's document types by the state their row in the vault shows (spec 1 §4's indicator,
 * a document awaiting review as pending: it is not valid until a reviewer accepts it).
 */
export function countByIndicator(
  documents: readonly CompanyDocument[],
  now = new Date(),
): Record<VaultState, number> {
  const counts: Record<VaultState, number> = {
    valid: 0,
    pending: 0,
    expiringSoon: 0,
    expired: 0,
    rejected: 0,
    missing: 0,
  };
  // Nothing to count needs no calendar day (its first time-zone formatter is costly to build).
  if (documents.length === 0) return counts;
  const today = todayIn(now);
  for (const row of documents) {
    const latest = row.latest;
    const state = vaultState(
      latest
        ? {
            expirationCheck: row.documentType.expirationCheck,
            reviewStatus: latest.reviewStatus,
            expirationDate: latest.expirationDate,
          }
        : null,
      today,
      row.documentType.dayPriorNotify,
    );
    counts[state] += 1;
  }
  return counts;
}

/**
 * The document vault at a glance: a bar of document types by indicator with the counts beside it.
 * `access` is the plan's status of the vault feature: without it the card says so and the listing (which
 * the API refuses for such a plan) is not asked for; `renderOpenLink` wraps the link (the plan's gate).
 */
export function VaultSummary({
  plCompanyId,
  now,
  access = 'NORMAL',
  renderOpenLink = (link) => link,
}: {
  plCompanyId: number;
  now?: Date;
  access?: FeatureStatus | 'LOADING';
  renderOpenLink?: (link: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const documents = useCompanyDocuments(access === 'NORMAL' ? plCompanyId : null);
  const counts = countByIndicator(documents.data ?? [], now);
  const total = VAULT_STATES.reduce((sum, state) => sum + counts[state], 0);
  const chartLabel = t('documents.summary.chartLabel', {
    summary: VAULT_STATES.map((state) => `${t(INDICATOR_LABEL_KEYS[state])}: ${counts[state]}`).join(', '),
  });
  return (
    <SummaryCard icon={<FolderSpecialOutlinedIcon aria-hidden />} title={t('documents.summary.title')}>
      {access === 'LOADING' ? (
        <Skeleton variant="rounded" height={72} />
      ) : access !== 'NORMAL' ? (
        <Typography sx={{ color: 'text.secondary' }} data-testid="vault-locked">
          {t('documents.summary.locked')}
        </Typography>
      ) : documents.isError ? (
        <Alert severity="error">{documents.error.message}</Alert>
      ) : documents.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : total === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('documents.summary.empty')}</Typography>
      ) : (
        <>
          <Box
            role="img"
            aria-label={chartLabel}
            data-testid="vault-chart"
            sx={{
              display: 'flex',
              height: 16,
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'action.hover',
            }}
          >
            {VAULT_STATES.filter((state) => counts[state] > 0).map((state) => (
              <Box
                key={state}
                data-state={state}
                sx={{
                  width: `${(counts[state] / total) * 100}%`,
                  bgcolor: INDICATOR_PALETTE[VAULT_STATE_COLOURS[state]],
                }}
              />
            ))}
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75 }}>
            {VAULT_STATES.map((state) => (
              <Box key={state} sx={{ display: 'contents' }} data-testid={`vault-count-${state}`}>
                <Box component="dt" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: INDICATOR_PALETTE[VAULT_STATE_COLOURS[state]],
                    }}
                  />
                  <Typography variant="body2" component="span">
                    {t(INDICATOR_LABEL_KEYS[state])}
                  </Typography>
                </Box>
                <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                  {counts[state]}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
      <Box>
        {renderOpenLink(
          <Button component={RouterLink} to={paths.documents.company.getHref()} variant="outlined">
            {t('documents.summary.open')}
          </Button>,
        )}
      </Box>
    </SummaryCard>
  );
}
