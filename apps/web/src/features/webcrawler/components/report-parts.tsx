import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { severityColour, videoEvidenceHref } from '@trustleaf/domain/rules/scan-report';
import {
  SEVERITIES,
  type Severity,
  type Violation,
  type ViolationCheckDetail,
} from '@trustleaf/domain/schemas/webcrawler';
import { enqueueSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '@/components/lists/table-scroll';
import { ApiError } from '@/lib/api-client';
import { useBulkReview } from '../api/bulk-review';
import { useUpdateFinding } from '../api/update-finding';
import { IssueImage, PageSnapshot } from './issue-image';
import { findingDescriptionText, findingHintText, findingRuleText } from '../utils/finding-text';
import { menuOptions } from '@/components/form/menu-options';
import { visuallyHidden } from '@/components/visually-hidden';
import { refusalText } from '@/lib/i18n-messages';

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
      {children}
      <Box component="span" sx={visuallyHidden}>{` ${t('webcrawler.newTab')}`}</Box>
    </Link>
  );
}

export function SeverityChip({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`webcrawler.report.levels.${severity}`)}
      data-severity={severity}
      sx={{ bgcolor: severityColour(severity), color: '#fff', fontWeight: 600 }}
    />
  );
}

/** A finding of the report, with the check and company its review is saved to. */
interface FindingProps {
  violation: Violation;
  plCompanyId: number;
  plViolationCheckId: number;
}

type FindingChange = Partial<Pick<Violation, 'severity' | 'isCompliant' | 'isReviewed'>>;

/** One of a finding's small labelled checkboxes (compliant, reviewed). */
function SmallCheckbox({
  label,
  checked,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={testId}
        />
      }
      label={label}
    />
  );
}

function FindingReview({ violation, plCompanyId, plViolationCheckId }: FindingProps) {
  const { t } = useTranslation();
  const update = useUpdateFinding(plCompanyId, plViolationCheckId);
  // The controls follow the click itself (a controlled checkbox that waited for the mutation's state
  // snapped back until the next render). The draft holds until the finding shown changes (the
  // refetch after saving), holds the server's answer if that refetch fails, and goes on a failure.
  const stored = {
    severity: violation.severity,
    isCompliant: violation.isCompliant,
    isReviewed: violation.isReviewed,
  };
  const storedKey = JSON.stringify(stored);
  const [draft, setDraft] = useState<{ base: string; change: FindingChange } | null>(null);
  const shown = { ...stored, ...(draft?.base === storedKey ? draft.change : {}) };
  const save = (change: FindingChange) => {
    setDraft({ base: storedKey, change });
    update.mutate(
      { id: violation.complianceFindingId, ...change },
      {
        onSuccess: (saved) => {
          setDraft({
            base: storedKey,
            change: {
              severity: saved.severity,
              isCompliant: saved.isCompliant,
              isReviewed: saved.isReviewed,
            },
          });
          enqueueSnackbar(t('webcrawler.report.saved'), { variant: 'success' });
        },
        onError: (error) => {
          setDraft(null);
          enqueueSnackbar(
            error instanceof ApiError ? refusalText(t, error) : t('webcrawler.report.saveFailed'),
            {
              variant: 'error',
            },
          );
        },
      },
    );
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
      <TextField
        select
        size="small"
        label={t('webcrawler.report.severity')}
        value={shown.severity}
        disabled={update.isPending}
        onChange={(event) =>
          save({ severity: event.target.value as Severity, isCompliant: shown.isCompliant })
        }
        sx={{ minWidth: 140 }}
        slotProps={{ htmlInput: { 'data-testid': 'finding-severity' } }}
      >
        {menuOptions(SEVERITIES, (level) => t(`webcrawler.report.levels.${level}`))}
      </TextField>
      <SmallCheckbox
        label={t('webcrawler.report.compliant')}
        checked={shown.isCompliant}
        disabled={update.isPending}
        onChange={(checked) => save({ severity: shown.severity, isCompliant: checked })}
      />
      <SmallCheckbox
        label={t('webcrawler.report.reviewed')}
        checked={shown.isReviewed}
        disabled={update.isPending}
        onChange={(checked) => save({ isReviewed: checked })}
        testId="finding-reviewed"
      />
    </Box>
  );
}

function IssueRow({ violation, plCompanyId, plViolationCheckId }: FindingProps) {
  const { t } = useTranslation();
  return (
    <TableRow
      data-testid="issue-row"
      data-finding-id={violation.complianceFindingId}
      sx={{ verticalAlign: 'top' }}
    >
      <TableCell sx={{ minWidth: 240 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 0.5 }}>
          <SeverityChip severity={violation.severity} />
          <Chip
            size="small"
            variant="outlined"
            label={t(`webcrawler.report.types.${violation.violationType}`)}
          />
          {violation.isNew ? (
            <Chip
              size="small"
              label={t('webcrawler.report.newSinceLast')}
              // The dark shade: white on the default info blue is below 4.5:1 (WCAG AA).
              sx={{ bgcolor: 'info.dark', color: 'info.contrastText' }}
              data-testid="finding-new"
            />
          ) : null}
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="finding-description">
          {findingDescriptionText(t, violation.description, violation.category)}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {t('webcrawler.report.ruleLine', { rule: findingRuleText(t, violation) })}
        </Typography>
        <Typography variant="caption" component="p" data-testid="finding-hint">
          {t('webcrawler.report.remediationLine', { hint: findingHintText(t, violation) })}
        </Typography>
        <FindingReview
          violation={violation}
          plCompanyId={plCompanyId}
          plViolationCheckId={plViolationCheckId}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 240, width: { md: 352 } }}>
        {violation.imageUrl ? (
          <IssueImage imageUrl={violation.imageUrl} pageUrl={violation.url} />
        ) : violation.hasSnapshot ? (
          <PageSnapshot violation={violation} />
        ) : null}
        <Box sx={{ display: 'grid', gap: 0.5, mt: violation.imageUrl || violation.hasSnapshot ? 1 : 0 }}>
          <ExternalLink href={violation.url}>{t('webcrawler.report.openPage')}</ExternalLink>
          {violation.isInVideo && violation.startTime !== null ? (
            <ExternalLink href={videoEvidenceHref(violation.videoUrl ?? violation.url, violation.startTime)}>
              {t('webcrawler.report.openVideo', { time: violation.startTime })}
            </ExternalLink>
          ) : null}
        </Box>
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <Typography variant="body2" component="blockquote" sx={{ m: 0, fontStyle: 'italic' }}>
          {violation.evidence}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

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
