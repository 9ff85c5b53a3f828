import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ViolationCheckDetail } from '@trustleaf/domain/schemas/webcrawler';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '@/components/lists/table-scroll';
import { useBulkReview } from '../api/bulk-review';
import { findingDescriptionText, findingRuleText } from '../utils/finding-text';
import { IssueCard, IssueRow, SeverityChip } from './finding-parts';

export { ExternalLink, SeverityChip } from './finding-parts';

/** Stand-in rows behind the upgrade banner: the real findings never reach a plan that may not see them. */
export function BlurredIssues() {
  return (
    <Box
      aria-hidden
      inert
      data-testid="issues-blurred"
      sx={{ filter: 'blur(6px)', userSelect: 'none', pointerEvents: 'none' }}
    >
      {[0, 1, 2].map((row) => (
        <Box
          key={row}
          sx={{
            display: 'grid',
            gridTemplateColumns: '2fr 1fr 2fr',
            gap: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ height: 44, bgcolor: 'action.selected', borderRadius: 1 }} />
          <Box sx={{ height: 44, bgcolor: 'action.hover', borderRadius: 1 }} />
          <Box sx={{ height: 44, bgcolor: 'action.selected', borderRadius: 1 }} />
        </Box>
      ))}
    </Box>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={id} variant="h4" component="h3" sx={{ fontSize: 18 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function IssuesTable({ detail }: { detail: ViolationCheckDetail }) {
  const { t } = useTranslation();
  const bulk = useBulkReview(detail.plCompanyId, detail.plViolationCheckId);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const unreviewed = detail.violations.filter((v) => !v.isReviewed).map((v) => v.complianceFindingId);
  return (
    <>
      {unreviewed.length > 0 ? (
        <Box>
          <Button
            size="small"
            variant="outlined"
            disabled={bulk.isPending}
            onClick={() => bulk.mutate({ complianceFindingIds: unreviewed, isReviewed: true })}
            data-testid="mark-all-reviewed"
          >
            {t('webcrawler.report.markAllReviewed')}
          </Button>
        </Box>
      ) : null}
      {isPhone ? (
        // On a phone each finding is a card: a table's snapshot and evidence columns started off screen.
        <Box
          component="ul"
          aria-label={t('webcrawler.report.potentialIssues')}
          sx={{ m: 0, p: 0 }}
          data-testid="issues-list"
        >
          {detail.violations.map((violation) => (
            <IssueCard
              key={violation.complianceFindingId}
              violation={violation}
              plCompanyId={detail.plCompanyId}
              plViolationCheckId={detail.plViolationCheckId}
            />
          ))}
        </Box>
      ) : (
        <TableScroll label={t('webcrawler.report.potentialIssues')}>
          <Table size="small" data-testid="issues-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('webcrawler.report.potentialIssues')}</TableCell>
                <TableCell>{t('webcrawler.report.snapshot')}</TableCell>
                <TableCell>{t('webcrawler.report.evidence')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {detail.violations.map((violation) => (
                <IssueRow
                  key={violation.complianceFindingId}
                  violation={violation}
                  plCompanyId={detail.plCompanyId}
                  plViolationCheckId={detail.plViolationCheckId}
                />
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
      {detail.previousViolationCheckId !== null ? (
        <Section title={t('webcrawler.report.resolved')}>
          {detail.resolvedViolations.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('webcrawler.report.resolvedNone')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }} data-testid="resolved-list">
              {detail.resolvedViolations.map((resolved) => (
                <li key={resolved.complianceFindingId}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                    <Chip size="small" color="success" label={t('webcrawler.report.resolved')} />
                    <SeverityChip severity={resolved.severity} />
                    <Typography variant="body2" component="span">
                      {findingDescriptionText(t, resolved.description)}
                    </Typography>
                  </Box>
                  <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                    {t('webcrawler.report.ruleLine', { rule: findingRuleText(t, resolved) })} · {resolved.url}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Section>
      ) : null}
    </>
  );
}
