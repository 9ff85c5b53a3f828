import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEMPLATE_ELEMENTS } from '@trustleaf/domain/rules/site-template';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteTemplate } from '../api/get-template';
import { DomainSettings } from './domain-settings';
import { DEFAULT_EDIT, editOf, type Edit, type Mutations } from './editor-state';
import { ElementEditor } from './element-editor';
import { Preview } from './template-preview';

/** One template: every element with its default, the editor of each and the live preview. */
export function TemplateDetail({ id, mutations }: { id: number; mutations: Mutations }) {
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
      {template.parentSiteTemplateId === null ? (
        <DomainSettings key={template.updatedAt} template={template} mutations={mutations} />
      ) : null}
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
