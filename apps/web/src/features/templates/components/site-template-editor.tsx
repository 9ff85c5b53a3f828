import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SiteTemplate } from '@trustleaf/domain/schemas/site-template';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
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
