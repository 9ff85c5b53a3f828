import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TemplateElementDefinition } from '@trustleaf/domain/rules/site-template';
import { screenOf } from '@trustleaf/domain/rules/site-template-screens';
import { uploadFileRefusal } from '@trustleaf/domain/rules/uploads';
import type { TemplateElement } from '@trustleaf/domain/schemas/site-template';
import { enqueueSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '@/components/upload/upload-file';
import { errorText } from '@/lib/error-notice';
import { useFailure, type Edit, type Mutations } from './editor-state';

/** One element of a draft: shown or not, its text or image, saved on its own. */
export function ElementEditor({
  definition,
  templateId,
  stored,
  edit,
  onEdit,
  isDraft,
  mutations,
}: {
  definition: TemplateElementDefinition;
  templateId: number;
  stored: TemplateElement | undefined;
  edit: Edit;
  onEdit: (edit: Edit) => void;
  isDraft: boolean;
  mutations: Mutations;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const failed = useFailure();
  const [uploadError, setUploadError] = useState<string | null>(null);
  // The editor names elements by the product's own words, not the published template's.
  const label = t(`siteTemplate.elements.${definition.elementName}`, { applyPostProcessor: false });
  const isImage = definition.elementType === 'IMAGE';

  async function pick(file: File | undefined) {
    if (!file) return;
    const refused = uploadFileRefusal('image', file);
    if (refused) {
      setUploadError(t(refused.key));
      return;
    }
    setUploadError(null);
    try {
      const uploaded = await uploadFile(file, 'image');
      onEdit({ ...edit, imageUploadKey: uploaded.key, imageUrl: URL.createObjectURL(file) });
    } catch (error) {
      setUploadError(errorText(t, error));
    }
  }

  function save() {
    const fields = {
      enabled: edit.enabled,
      useTextOverride: isImage ? false : edit.useTextOverride,
      textOverride: isImage ? null : edit.textOverride || null,
      ...(edit.imageUploadKey ? { imageUploadKey: edit.imageUploadKey } : {}),
    };
    const done = {
      onSuccess: () => enqueueSnackbar(t('siteTemplate.saved'), { variant: 'success' }),
      onError: failed,
    };
    if (stored) {
      mutations.updateElement.mutate(
        { plSiteTemplateElementId: stored.plSiteTemplateElementId, ...fields },
        done,
      );
    } else {
      mutations.addElement.mutate(
        {
          plSiteTemplateId: templateId,
          elementName: definition.elementName,
          elementType: definition.elementType,
          ...fields,
        },
        done,
      );
    }
  }

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
      data-testid={`element-${definition.elementName}`}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`siteTemplate.types.${definition.elementType}`)} />
        {stored ? null : <Chip size="small" label={t('siteTemplate.detail.usesDefault')} />}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('siteTemplate.detail.default')}{' '}
        {isImage ? (
          <>
            {/* Said in words, as a phrase is: the picture beside them only shows it. */}
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {t('siteTemplate.detail.defaultImageText')}
            </Box>{' '}
            <Box
              component="img"
              src={definition.defaultImage}
              alt=""
              sx={{ height: 24, verticalAlign: 'middle' }}
            />
          </>
        ) : (
          <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {definition.phrase}
          </Box>
        )}
      </Typography>
      {screenOf(definition.elementName) ? (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', mt: 0.5 }}
          data-testid={`element-${definition.elementName}-screen-note`}
        >
          {t('siteTemplate.detail.screenNote')}
        </Typography>
      ) : null}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mt: 1.5, alignItems: { sm: 'center' }, flexWrap: { sm: 'wrap' } }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={edit.enabled}
              disabled={!isDraft}
              onChange={(event) => onEdit({ ...edit, enabled: event.target.checked })}
            />
          }
          label={t('siteTemplate.fields.enabled')}
        />
        {isImage ? (
          <>
            {edit.imageUrl ? (
              <Box
                component="img"
                src={edit.imageUrl}
                alt={t('siteTemplate.detail.imageAlt', { name: label })}
                sx={{ height: 32, maxWidth: 160, objectFit: 'contain' }}
              />
            ) : null}
            <Button component="label" variant="outlined" size="small" disabled={!isDraft}>
              {t('siteTemplate.detail.upload')}
              <input
                hidden
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-label={t('siteTemplate.detail.uploadLabel', { name: label })}
                onChange={(event) => void pick(event.target.files?.[0])}
              />
            </Button>
          </>
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={edit.useTextOverride}
                  disabled={!isDraft}
                  onChange={(event) => onEdit({ ...edit, useTextOverride: event.target.checked })}
                />
              }
              label={t('siteTemplate.fields.useTextOverride')}
            />
            <TextField
              label={t('siteTemplate.fields.textOverride', { name: label })}
              value={edit.textOverride}
              disabled={!isDraft}
              size="small"
              // Beside the switches while its whole label fits ("Nouveau texte pour Entrée de menu
              // Page de l’entreprise"), on a line of its own otherwise.
              sx={{ flex: '1 1 26rem' }}
              slotProps={{ htmlInput: { maxLength: 500 } }}
              onChange={(event) =>
                onEdit({
                  ...edit,
                  textOverride: event.target.value,
                  useTextOverride: event.target.value !== '' || edit.useTextOverride,
                })
              }
            />
          </>
        )}
      </Stack>
      {uploadError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {uploadError}
        </Alert>
      ) : null}
      {isDraft ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Button size="small" variant="contained" onClick={save}>
            {t('siteTemplate.detail.save', { name: label })}
          </Button>
          {stored ? (
            <Button
              size="small"
              onClick={() =>
                mutations.removeElement.mutate(stored.plSiteTemplateElementId, { onError: failed })
              }
            >
              {t('siteTemplate.detail.reset')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}
