import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TEMPLATE_ELEMENTS,
  applyTextOverrides,
  textOverrides,
  type AppliedElement,
  type TemplateElementDefinition,
} from '@trustleaf/domain/rules/site-template';
import { checkUploadFile } from '@trustleaf/domain/rules/uploads';
import type { SiteTemplate, TemplateElement } from '@trustleaf/domain/schemas/site-template';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { uploadFile } from '@/components/upload/upload-file';
import { translateMessage } from '@/lib/i18n-messages';
import { useSiteTemplate, useSiteTemplates, useTemplateMutations } from '../api/site-templates';

type Mutations = ReturnType<typeof useTemplateMutations>;

/** What the editor holds for one element before it is saved. */
interface Edit {
  enabled: boolean;
  useTextOverride: boolean;
  textOverride: string;
  imageUploadKey: string | null;
  imageUrl: string | null;
}

const DEFAULT_EDIT: Edit = {
  enabled: true,
  useTextOverride: false,
  textOverride: '',
  imageUploadKey: null,
  imageUrl: null,
};

function editOf(element: TemplateElement | undefined): Edit {
  if (!element) return DEFAULT_EDIT;
  return {
    enabled: element.enabled,
    useTextOverride: element.useTextOverride,
    textOverride: element.textOverride ?? '',
    imageUploadKey: null,
    imageUrl: element.imageResource?.url ?? null,
  };
}

/** Texts the preview shows, by message key: the product's own words with the edits applied. */
const PREVIEW_KEYS = [
  'auth.signIn.subtitle',
  'nav.group.qVault',
  'nav.qMonitor',
  'webcrawler.report.subtitle',
];

function useFailure() {
  const { t } = useTranslation();
  return (error: unknown) =>
    enqueueSnackbar(translateMessage(t, error instanceof Error ? error.message : undefined), {
      variant: 'error',
    });
}

/** Super admin editor of the white-label site templates (spec 3 §1, §3, §4, §7, §9). */
export function SiteTemplateEditor() {
  const { t } = useTranslation();
  const list = useSiteTemplates();
  const mutations = useTemplateMutations();
  const [selected, setSelected] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<SiteTemplate | null>(null);
  const failed = useFailure();
  const templates = list.data?.siteTemplates ?? [];
  return (
    <Stack spacing={3}>
      <AddTemplateForm mutations={mutations} onAdded={setSelected} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          {t('siteTemplate.list.title')}
        </Typography>
        {list.isError ? <Alert severity="error">{t('siteTemplate.loadFailed')}</Alert> : null}
        {templates.length === 0 && list.isSuccess ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('siteTemplate.list.empty')}</Typography>
        ) : null}
        {templates.length > 0 ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('siteTemplate.list.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('siteTemplate.fields.name')}</TableCell>
                  <TableCell>{t('siteTemplate.fields.status')}</TableCell>
                  <TableCell>{t('siteTemplate.fields.binding')}</TableCell>
                  <TableCell>{t('siteTemplate.list.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {templates.map((template) => (
                  <TableRow key={template.plSiteTemplateId}>
                    <TableCell>
                      {template.name}
                      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                        {t('siteTemplate.list.id', { id: template.plSiteTemplateId })}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={t(`siteTemplate.status.${template.status}`)} />
                    </TableCell>
                    <TableCell>
                      {[
                        template.domain,
                        template.plCompanyId
                          ? t('siteTemplate.list.company', { id: template.plCompanyId })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ') || t('siteTemplate.list.unbound')}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                        <Button size="small" onClick={() => setSelected(template.plSiteTemplateId)}>
                          {t('siteTemplate.list.open', { name: template.name })}
                        </Button>
                        {template.status === 'DRAFT' ? (
                          <Button
                            size="small"
                            variant="contained"
                            onClick={() =>
                              mutations.applyDraft.mutate(template.plSiteTemplateId, {
                                onSuccess: (applied) => {
                                  setSelected(applied.plSiteTemplateId);
                                  enqueueSnackbar(t('siteTemplate.applied'), { variant: 'success' });
                                },
                                onError: failed,
                              })
                            }
                          >
                            {t('siteTemplate.applyDraft')}
                          </Button>
                        ) : (
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() =>
                              mutations.createDraft.mutate(template.plSiteTemplateId, {
                                onSuccess: (draft) => setSelected(draft.plSiteTemplateId),
                                onError: failed,
                              })
                            }
                          >
                            {t('siteTemplate.createDraft')}
                          </Button>
                        )}
                        <Button size="small" color="error" onClick={() => setToDelete(template)}>
                          {t('siteTemplate.delete')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </Paper>
      {selected !== null ? <TemplateDetail id={selected} mutations={mutations} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('siteTemplate.deleteTitle')}
        message={t('siteTemplate.deleteMessage', { name: toDelete?.name ?? '' })}
        confirmLabel={t('siteTemplate.delete')}
        onClose={(confirmed) => {
          const target = toDelete;
          setToDelete(null);
          if (!confirmed || !target) return;
          mutations.remove.mutate(target.plSiteTemplateId, {
            onSuccess: () => {
              if (selected === target.plSiteTemplateId) setSelected(null);
              enqueueSnackbar(t('siteTemplate.deleted'), { variant: 'success' });
            },
            onError: failed,
          });
        }}
      />
    </Stack>
  );
}

function AddTemplateForm({ mutations, onAdded }: { mutations: Mutations; onAdded: (id: number) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [companyId, setCompanyId] = useState('');
  const failed = useFailure();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    mutations.add.mutate(
      {
        name,
        domain: domain.trim() || null,
        plCompanyId: companyId.trim() ? Number(companyId) : null,
      },
      {
        onSuccess: (created) => {
          setName('');
          setDomain('');
          setCompanyId('');
          onAdded(created.plSiteTemplateId);
        },
        onError: failed,
      },
    );
  }
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {t('siteTemplate.add.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          label={t('siteTemplate.fields.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          size="small"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          label={t('siteTemplate.fields.domain')}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          size="small"
          helperText={t('siteTemplate.fields.domainHelp')}
        />
        <TextField
          label={t('siteTemplate.fields.companyId')}
          value={companyId}
          onChange={(event) => setCompanyId(event.target.value.replace(/\D/g, ''))}
          size="small"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button type="submit" variant="contained" disabled={mutations.add.isPending}>
          {t('siteTemplate.add.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}

function TemplateDetail({ id, mutations }: { id: number; mutations: Mutations }) {
  const { t } = useTranslation();
  const detail = useSiteTemplate(id);
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const stored = detail.data?.templateElements;
  useEffect(() => {
    if (!stored) return;
    setEdits(
      Object.fromEntries(
        TEMPLATE_ELEMENTS.map((definition) => [
          definition.elementName,
          editOf(stored.find((element) => element.elementName === definition.elementName)),
        ]),
      ),
    );
  }, [stored]);
  if (detail.isError) return <Alert severity="error">{t('siteTemplate.loadFailed')}</Alert>;
  if (!detail.data) return null;
  const template = detail.data.siteTemplate;
  const isDraft = template.status === 'DRAFT';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby={`template-${id}`}>
      <Typography id={`template-${id}`} variant="h3" component="h2">
        {t('siteTemplate.detail.title', { name: template.name })}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {t(`siteTemplate.status.${template.status}`)}
      </Typography>
      {isDraft ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('siteTemplate.detail.publishedNote')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: { lg: 'flex-start' } }}>
        <Stack spacing={2} sx={{ flex: 2, minWidth: 0 }}>
          {TEMPLATE_ELEMENTS.map((definition) => (
            <ElementEditor
              key={definition.elementName}
              definition={definition}
              templateId={template.plSiteTemplateId}
              stored={stored?.find((element) => element.elementName === definition.elementName)}
              edit={edits[definition.elementName] ?? DEFAULT_EDIT}
              onEdit={(next) => setEdits((current) => ({ ...current, [definition.elementName]: next }))}
              isDraft={isDraft}
              mutations={mutations}
            />
          ))}
        </Stack>
        <Preview edits={edits} />
      </Stack>
    </Paper>
  );
}

function ElementEditor({
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
    const refused = checkUploadFile('image', file);
    if (refused) {
      setUploadError(translateMessage(t, refused));
      return;
    }
    setUploadError(null);
    try {
      const uploaded = await uploadFile(file, 'image');
      onEdit({ ...edit, imageUploadKey: uploaded.key, imageUrl: URL.createObjectURL(file) });
    } catch (error) {
      setUploadError(translateMessage(t, error instanceof Error ? error.message : undefined));
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
          <Box
            component="img"
            src={definition.defaultImage}
            alt={t('siteTemplate.detail.defaultImageAlt')}
            sx={{ height: 24, verticalAlign: 'middle' }}
          />
        ) : (
          <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {definition.phrase}
          </Box>
        )}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
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
              sx={{ flex: 1 }}
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

/** The change as pages would show it, before anything is saved. */
function Preview({ edits }: { edits: Record<string, Edit> }) {
  const { t } = useTranslation();
  const elements: AppliedElement[] = TEMPLATE_ELEMENTS.map((definition) => {
    const edit = edits[definition.elementName] ?? DEFAULT_EDIT;
    return {
      elementName: definition.elementName,
      elementType: definition.elementType,
      enabled: edit.enabled,
      text: edit.useTextOverride ? edit.textOverride : null,
      imageUrl: edit.imageUrl,
    };
  });
  const overrides = textOverrides(elements);
  const text = (key: string, options: Record<string, unknown> = {}) =>
    applyTextOverrides(overrides, key, t(key, { ...options, applyPostProcessor: false }));
  const logo = edits.logo ?? DEFAULT_EDIT;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('siteTemplate.preview.title')}
      data-testid="site-template-preview"
      sx={{ flex: 1, p: 2, position: { lg: 'sticky' }, top: { lg: 80 }, minWidth: 0 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('siteTemplate.preview.title')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          p: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        {logo.enabled ? (
          <Box
            component="img"
            src={logo.imageUrl ?? TEMPLATE_ELEMENTS[0].defaultImage}
            alt=""
            sx={{ height: 28, maxWidth: 120, objectFit: 'contain' }}
          />
        ) : null}
        <Typography sx={{ fontWeight: 700 }}>{text('app.name')}</Typography>
      </Box>
      <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
        {PREVIEW_KEYS.map((key) => (
          <li key={key}>
            <Typography variant="body2">{text(key)}</Typography>
          </li>
        ))}
        <li>
          <Typography variant="body2">{text('footer.copyright', { year: 2026 })}</Typography>
        </li>
      </Box>
    </Paper>
  );
}
