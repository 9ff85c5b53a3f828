import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import {
  diffDocumentTypes,
  hasDocumentTypeChanges,
  isExpirationLocked,
  normalizeLoadedDocumentType,
  toggleCertification,
  toggleExpiration,
  toggleLicense,
  type DocumentTypeRow,
} from '@trustleaf/domain/rules/document-types';
import { DocumentTypeEditorSchema, type DocumentType } from '@trustleaf/domain/schemas/document';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { errorText } from '@/lib/error-notice';
import { useUpsertDocumentTypes } from '../api/upsert-document-types';
import { RowEditorDialog, useRowEditor, type RowsForm } from './row-editor-dialog';
import { RequestFailedDialog } from './unsaved-changes-dialog';
import { companyTypeLabel } from '@/lib/company-type-label';

const toRows = (types: DocumentType[]): DocumentTypeRow[] =>
  types.map((type) =>
    normalizeLoadedDocumentType({
      plDocumentTypeId: type.plDocumentTypeId,
      name: type.name,
      licenseCheck: type.licenseCheck,
      certificationCheck: type.certificationCheck,
      expirationCheck: type.expirationCheck,
      dayPriorNotify: type.dayPriorNotify,
      plBusinessTypeIds: type.plBusinessTypeIds,
    }),
  );

const blankType = (): DocumentTypeRow => ({
  name: '',
  licenseCheck: false,
  certificationCheck: false,
  expirationCheck: false,
  dayPriorNotify: null,
  plBusinessTypeIds: [],
});

const CHECKS = [
  ['licenseCheck', 'documents.types.license', toggleLicense],
  ['certificationCheck', 'documents.types.certification', toggleCertification],
  ['expirationCheck', 'documents.types.expiration', toggleExpiration],
] as const;

const toDays = (raw: string) => (raw === '' ? null : Number(raw));
const toIds = (raw: unknown) => (typeof raw === 'string' ? raw.split(',').map(Number) : raw);

/** One type's fields: its name, the three checks (by the toggle rules), days prior notify, business types. */
function DocumentTypeRowFields({
  index,
  control,
  setValue,
  businessTypes,
  onRemove,
}: {
  index: number;
  control: Control<RowsForm<DocumentTypeRow>>;
  setValue: UseFormSetValue<RowsForm<DocumentTypeRow>>;
  businessTypes: { id: number; name: string }[];
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const row = useWatch({ control, name: `rows.${index}` }) as DocumentTypeRow | undefined;
  const toggle = (change: (row: DocumentTypeRow, checked: boolean) => DocumentTypeRow, checked: boolean) => {
    if (!row) return;
    const next = change(row, checked);
    for (const [field] of CHECKS) setValue(`rows.${index}.${field}`, next[field], { shouldDirty: true });
  };
  const nameOfType = (id: number) => {
    const found = businessTypes.find((b) => b.id === id);
    return found ? companyTypeLabel(t, found.name) : id;
  };
  if (!row) return null;
  return (
    <Box
      data-testid="document-type-row"
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', md: '2fr auto 120px 2fr auto' },
        pb: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <FormField
        control={control}
        name={`rows.${index}.name`}
        size="small"
        label={t('documents.types.name')}
        ariaLabel={`${t('documents.types.name')} ${index + 1}`}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
        {CHECKS.map(([field, label, change]) => (
          <FormControlLabel
            key={field}
            label={t(label)}
            control={
              <Checkbox
                checked={row[field]}
                disabled={field === 'expirationCheck' && isExpirationLocked(row)}
                onChange={(event) => toggle(change, event.target.checked)}
              />
            }
          />
        ))}
      </Box>
      <FormField
        control={control}
        name={`rows.${index}.dayPriorNotify`}
        type="number"
        size="small"
        parse={toDays}
        label={t('documents.types.dayPriorNotify')}
      />
      <FormField
        control={control}
        name={`rows.${index}.plBusinessTypeIds`}
        select
        multiple
        size="small"
        parse={toIds}
        renderValue={(selected) => (selected as number[]).map(nameOfType).join(', ')}
        label={t('documents.types.businessTypes')}
      >
        {businessTypes.map((businessType) => (
          <MenuItem key={businessType.id} value={businessType.id}>
            {companyTypeLabel(t, businessType.name)}
          </MenuItem>
        ))}
      </FormField>
      <IconButton
        aria-label={t('documents.types.remove', { name: row.name || index + 1 })}
        onClick={onRemove}
      >
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}

/** Document Types editor (spec 2): Add, Save and Cancel; nothing is sent without changes. */
export function DocumentTypesDialog({
  types,
  businessTypes,
  onClose,
}: {
  types: DocumentType[];
  businessTypes: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [original] = useState(() => toRows(types));
  const [failure, setFailure] = useState<string | null>(null);
  const upsert = useUpsertDocumentTypes();
  const editor = useRowEditor({
    original,
    schema: DocumentTypeEditorSchema,
    diff: (before, after) => diffDocumentTypes(before, after) ?? [],
    hasChanges: hasDocumentTypeChanges,
    save: upsert.mutateAsync,
    changesField: 'plDocumentTypes',
    idOf: (item) => item.plDocumentTypeId,
    nameOf: (item) => item.name,
    onSaved: () => {
      enqueueSnackbar(t('documents.types.saved'), { variant: 'success' });
      onClose();
    },
    onUnchanged: onClose,
    onFailed: (error) => {
      const message = errorText(t, error);
      enqueueSnackbar(message, { variant: 'error' });
      setFailure(message);
    },
  });

  return (
    <RowEditorDialog
      editor={editor}
      title={t('documents.types.title')}
      titleId="document-types-title"
      testId="document-types-dialog"
      maxWidth="lg"
      newRow={blankType}
      busy={upsert.isPending}
      onDiscard={onClose}
    >
      {editor.keys.map((key, index) => (
        <DocumentTypeRowFields
          key={key}
          index={index}
          control={editor.form.control}
          setValue={editor.form.setValue}
          businessTypes={businessTypes}
          onRemove={() => editor.remove(index)}
        />
      ))}
      <RequestFailedDialog message={failure} onClose={() => setFailure(null)} />
    </RowEditorDialog>
  );
}
