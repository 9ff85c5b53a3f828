import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  TEMPLATE_ELEMENTS,
  applyTextOverrides,
  textOverrides,
  type AppliedElement,
} from '@trustleaf/domain/rules/site-template';
import { useTranslation } from 'react-i18next';
import { DEFAULT_EDIT, type Edit } from './editor-state';

/** Texts the preview shows, by message key: the product's own words with the edits applied. */
const PREVIEW_KEYS = [
  'auth.signIn.subtitle',
  'nav.group.qVault',
  'nav.qMonitor',
  'webcrawler.report.subtitle',
];

/** The change as pages would show it, before anything is saved. */
export function Preview({ edits }: { edits: Record<string, Edit> }) {
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
