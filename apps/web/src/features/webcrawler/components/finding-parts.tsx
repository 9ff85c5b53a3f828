import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { severityColour, videoEvidenceHref } from '@trustleaf/domain/rules/scan-report';
import { SEVERITIES, type Severity, type Violation } from '@trustleaf/domain/schemas/webcrawler';
import { enqueueSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { menuOptions } from '@/components/form/menu-options';
import { visuallyHidden } from '@/components/visually-hidden';
import { refusalText } from '@/lib/i18n-messages';
import { useUpdateFinding } from '../api/update-finding';
import { findingDescriptionText, findingHintText, findingRuleText } from '../utils/finding-text';
import { IssueImage, PageSnapshot } from './issue-image';

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
export interface FindingProps {
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

/** A finding's level, description, rule, how to fix it and its review. */
function FindingSummary({ violation, plCompanyId, plViolationCheckId }: FindingProps) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** A finding's snapshot or image and the links to its page (and video). */
function FindingMedia({ violation }: { violation: Violation }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

function FindingEvidence({ violation }: { violation: Violation }) {
  return (
    <Typography variant="body2" component="blockquote" sx={{ m: 0, fontStyle: 'italic' }}>
      {violation.evidence}
    </Typography>
  );
}

/** A finding as a row of the issues table (laptops and tablets). */
export function IssueRow(props: FindingProps) {
  return (
    <TableRow
      data-testid="issue-row"
      data-finding-id={props.violation.complianceFindingId}
      sx={{ verticalAlign: 'top' }}
    >
      <TableCell sx={{ minWidth: 240 }}>
        <FindingSummary {...props} />
      </TableCell>
      <TableCell sx={{ minWidth: 240, width: { md: 352 } }}>
        <FindingMedia violation={props.violation} />
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <FindingEvidence violation={props.violation} />
      </TableCell>
    </TableRow>
  );
}

/**
 * A finding as a card of its own (phones): its parts one under another, the table's column names over
 * the snapshot and the evidence, so nothing sits off screen to the side.
 */
export function IssueCard(props: FindingProps) {
  const { t } = useTranslation();
  const label = (text: string) => (
    <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5, mt: 1.5 }}>
      {text}
    </Typography>
  );
  return (
    <Box
      component="li"
      data-testid="issue-row"
      data-finding-id={props.violation.complianceFindingId}
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <FindingSummary {...props} />
      {label(t('webcrawler.report.snapshot'))}
      <FindingMedia violation={props.violation} />
      {label(t('webcrawler.report.evidence'))}
      <FindingEvidence violation={props.violation} />
    </Box>
  );
}
