import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SiteTemplate } from '@trustleaf/domain/schemas/site-template';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { DataTable, type TableColumn } from '@/components/lists/data-table';
import { useSiteTemplates } from '../api/list-templates';
import { useTemplateMutations } from '../api/use-template-mutations';
import { AddTemplateForm } from './add-template-form';
import { useFailure } from './editor-state';
import { TemplateDetail } from './template-detail';

/** Super admin editor of the white-label site templates (spec 3 §1, §3, §4, §7, §9). */
export function SiteTemplateEditor() {
  const { t } = useTranslation();
  const list = useSiteTemplates();
  const mutations = useTemplateMutations();
  const [selected, setSelected] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<SiteTemplate | null>(null);
  const failed = useFailure();
  const templates = list.data?.siteTemplates ?? [];
  const columns: TableColumn<SiteTemplate>[] = [
    {
      key: 'name',
      label: t('siteTemplate.fields.name'),
      phone: 'title',
      cell: (template) => (
        <>
          {template.name}
          <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
            {t('siteTemplate.list.id', { id: template.plSiteTemplateId })}
          </Typography>
        </>
      ),
    },
    {
      key: 'status',
      label: t('siteTemplate.fields.status'),
      cell: (template) => <Chip size="small" label={t(`siteTemplate.status.${template.status}`)} />,
    },
    {
      key: 'binding',
      label: t('siteTemplate.fields.binding'),
      cell: (template) =>
        [
          template.domain,
          template.plCompanyId ? t('siteTemplate.list.company', { id: template.plCompanyId }) : null,
        ]
          .filter(Boolean)
          .join(' · ') || t('siteTemplate.list.unbound'),
    },
    {
      key: 'actions',
      label: t('siteTemplate.list.actions'),
      phone: 'actions',
      cell: (template) => (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
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
      ),
    },
  ];
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
            <DataTable
              size="small"
              aria-label={t('siteTemplate.list.title')}
              stackOnPhone
              columns={columns}
              rows={templates}
              rowKey={(template) => template.plSiteTemplateId}
              rowProps={(template) => ({
                'data-testid': 'site-template-row',
                'data-template-id': String(template.plSiteTemplateId),
              })}
            />
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
