import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  buildReviewPayload,
  createReviewFormSchema,
  reviewChoiceOf,
  reviewChoices,
  showsLicenseBlock,
  type ReviewChoice,
  type ReviewFormValues,
} from '@trustleaf/domain/rules/document-review';
import { displayStatus, tabColour, todayIn } from '@trustleaf/domain/rules/document-status';
import type { DocumentTypeDetail, DocumentVersion } from '@trustleaf/domain/schemas/document';
import { enqueueSnackbar } from 'notistack';
import { useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-notice';
import { useGeneralInfo } from '@/lib/general-info';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { useDocumentTypeDetail } from '../api/get-document-type-detail';
import { useReasons } from '../api/get-reasons';
import { openDocument } from '../api/open-document';
import { useReviewDocument } from '../api/review-document';
import { DeleteVersionButton } from './delete-version-button';
import { DocumentNotes } from './document-notes';
import { ReviewField, reviewFieldSpecs } from './review-fields';
import { documentTypeLabel } from '@/lib/seeded-text';

export const STATUS_KEYS = {
  accepted: 'documents.status.accepted',
  rejected: 'documents.status.rejected',
  pending: 'documents.status.pending',
  expired: 'documents.status.expired',
  expiringSoon: 'documents.status.expiringSoon',
} as const;

function initialValues(version: DocumentVersion): ReviewFormValues {
  return {
    documentId: version.documentId,
    businessTypeId: version.businessTypeId,
    countryOfLicense: version.licenseCountry ?? '',
    stateOfLicense: version.licenseState ?? '',
    licenseAddress: version.licenseAddress ?? '',
    licenseNumber: version.licenseNumber ?? '',
    validationMethod: version.validationMethod ?? '',
    reviewStatus: reviewChoiceOf(version.reviewStatus),
    rejectReason: version.reasonId,
    reviewComment: version.reviewComment ?? '',
    expirationDate: version.expirationDate ?? '',
    rtqRequired: version.rtqRequired ? 'Yes' : 'No',
  };
}

function VersionForm({
  detail,
  version,
  isLatest,
  isSuperAdmin,
  readOnly,
}: {
  detail: DocumentTypeDetail;
  version: DocumentVersion;
  isLatest: boolean;
  isSuperAdmin: boolean;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const type = detail.documentType;
  const licenceBlock = showsLicenseBlock(type);
  const choices = readOnly ? [] : reviewChoices(version, isLatest);
  const isEditable = choices.length > 0;
  const reasons = useReasons();
  const lists = useGeneralInfo();
  const review = useReviewDocument();
  const [banner, setBanner] = useState<string | null>(null);
  const { control, handleSubmit, watch } = useForm<ReviewFormValues>({
    defaultValues: initialValues(version),
    resolver: keyedZodResolver(createReviewFormSchema({ ...type, today: todayIn(new Date()) })),
  });
  const choice = watch('reviewStatus');
  const country = watch('countryOfLicense');

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await review.mutateAsync(
        buildReviewPayload(
          { ...values, reviewStatus: values.reviewStatus as ReviewChoice },
          { isSuperAdmin, expirationCheck: type.expirationCheck, licenseBlock: licenceBlock },
        ),
      );
      enqueueSnackbar(t('documents.review.saved'), { variant: 'success' });
    } catch (error) {
      // The server's refusal in the reader's language: by its issue's key where it has one.
      const message = errorText(t, error);
      console.error(error);
      enqueueSnackbar(message, { variant: 'error' });
      setBanner(message);
    }
  });

  // Enter does not submit (spec 3 §2); only the Submit button does.
  const blockEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !(event.target instanceof HTMLTextAreaElement)) event.preventDefault();
  };

  const adminOnly = !isSuperAdmin || !isEditable;
  const locked = !isEditable;
  const { licenceFields, reviewFields } = reviewFieldSpecs(t, {
    adminOnly,
    locked,
    country,
    choice,
    choices: isEditable ? choices : ['ACCEPT', 'REJECT'],
    expirationCheck: type.expirationCheck,
    businessTypes: lists.data?.businessTypes ?? [],
    countries: lists.data?.countries ?? [],
    states: lists.data?.states ?? [],
    reasons: reasons.data ?? [],
    language: i18n.language,
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={blockEnter}
      aria-label={t('documents.review.formLabel', { version: version.version })}
      data-testid="review-form"
    >
      <Stack spacing={2}>
        {banner ? <Alert severity="warning">{banner}</Alert> : null}
        {version.conversionStatus === 'FAILED' ? (
          <Alert severity="error">{t('documents.conversion.failed')}</Alert>
        ) : null}
        {version.conversionStatus === 'PROCESSING' ? (
          <Alert severity="error">{t('documents.conversion.processing')}</Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {/* A long name ('Licence cannabis de l’État') wraps rather than being cut at the field's end on a phone. */}
          <TextField
            size="small"
            fullWidth
            multiline
            label={t('documents.review.documentType')}
            value={documentTypeLabel(t, type.documentTypeName, type.documentTypeSeedKey)}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <Button
            sx={{ flexShrink: 0 }}
            startIcon={<OpenInNewIcon />}
            onClick={() =>
              void openDocument(
                version.documentId,
                version.conversionStatus === 'COMPLETED' ? 'view' : 'original',
              ).catch((error: Error) => enqueueSnackbar(error.message, { variant: 'error' }))
            }
          >
            {t('documents.view')}
          </Button>
        </Box>
        {licenceBlock ? (
          <>
            {licenceFields.map((spec) => (
              <ReviewField key={spec.name} control={control} spec={spec} />
            ))}
            <Tooltip
              title={version.isLicenseStatusRecentlyChange ? t('documents.review.recentlyChange') : ''}
              placement="top-start"
            >
              <TextField
                size="small"
                fullWidth
                label={t('documents.review.stateLicenseStatus')}
                value={version.stateLicenseStatus ?? '—'}
                data-recently-changed={version.isLicenseStatusRecentlyChange}
                sx={
                  version.isLicenseStatusRecentlyChange ? { bgcolor: 'warning.light', borderRadius: 1 } : {}
                }
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            </Tooltip>
          </>
        ) : null}
        {reviewFields.map((spec) => (
          <ReviewField key={spec.name} control={control} spec={spec} />
        ))}
        {isEditable ? (
          <Button variant="contained" onClick={() => void submit()} disabled={review.isPending}>
            {t('documents.review.submit')}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

/** Review dialog (spec 3 §2): one tab per version, newest first, the form beside them. */
export function ReviewDialog({
  plCompanyId,
  documentTypeId,
  isSuperAdmin,
  readOnly = false,
  canDelete = false,
  onClose,
}: {
  plCompanyId: number;
  documentTypeId: number;
  isSuperAdmin: boolean;
  /** The company's own view of its versions: the same tabs and values, no review. */
  readOnly?: boolean;
  /** Owners and admins may delete a version of their own company's document. */
  canDelete?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useDocumentTypeDetail(plCompanyId, documentTypeId);
  const [tab, setTab] = useState(0);
  const versions = detail.data?.documents ?? [];
  const selected = versions[Math.min(tab, versions.length - 1)];
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="review-title"
      data-testid="review-dialog"
    >
      <DialogTitle id="review-title" sx={{ pr: 6 }}>
        {t('documents.review.title')}
        <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {t('documents.review.subtitle')}
        </Typography>
        <IconButton
          aria-label={t('documents.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {detail.isError ? <Alert severity="error">{detail.error.message}</Alert> : null}
        {detail.data && selected ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 2 }}>
            <Tabs
              orientation="vertical"
              value={Math.min(tab, versions.length - 1)}
              onChange={(_event, value: number) => setTab(value)}
              aria-label={t('documents.review.versions')}
              sx={{ borderRight: 1, borderColor: 'divider' }}
            >
              {versions.map((version) => {
                const status = displayStatus(version);
                return (
                  <Tab
                    key={version.documentId}
                    data-testid="version-tab"
                    data-status={status}
                    sx={{
                      alignItems: 'flex-start',
                      textAlign: 'left',
                      borderLeft: 4,
                      borderColor: tabColour(status),
                    }}
                    label={
                      <span>
                        {t('documents.version', { version: version.version })}
                        <Box
                          component="span"
                          sx={{ display: 'block', fontWeight: 700 }}
                          data-colour={tabColour(status)}
                        >
                          {t(STATUS_KEYS[status])}
                        </Box>
                      </span>
                    }
                  />
                );
              })}
            </Tabs>
            <VersionForm
              key={`${selected.documentId}-${selected.reviewStatus}-${selected.reviewedAt ?? ''}`}
              detail={detail.data}
              version={selected}
              isLatest={selected.documentId === versions[0]?.documentId}
              isSuperAdmin={isSuperAdmin}
              readOnly={readOnly}
            />
            <Box sx={{ gridColumn: { sm: '2' } }}>
              <DocumentNotes key={selected.documentId} plDocumentId={selected.documentId} />
              {canDelete ? (
                <Box sx={{ mt: 2 }}>
                  <DeleteVersionButton
                    plCompanyId={plCompanyId}
                    documentId={selected.documentId}
                    version={selected.version}
                  />
                </Box>
              ) : null}
            </Box>
          </Box>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
