import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { imageFor } from '@trustleaf/domain/rules/site-template';
import { useTranslation } from 'react-i18next';
import { useBranding } from '@/lib/site-template';

/** The product mark: a leaf on a rounded tile, drawn inline so it costs no request. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="32" height="32" rx="8" fill="#17694A" />
      <path d="M9 22c0-8 5.5-13 14-13 0 8.5-5 14-13 14" fill="#BFF0D4" />
      <path
        d="M9.5 22.5c3-4 6-6.5 9.5-8.5"
        stroke="#17694A"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
    </Box>
  );
}

/**
 * The logo a site template sets (its image, or none when it turns the logo off), else the built-in
 * mark, which is also the element's default image (spec 3 §9). Used by the shell and the report.
 */
export function TemplateMark({ size = 32 }: { size?: number }) {
  const elements = useBranding((state) => state.elements);
  const image = imageFor(elements, 'logo');
  if (image === null) return null;
  if (!elements.some((element) => element.elementName === 'logo' && element.imageUrl))
    return <BrandMark size={size} />;
  return (
    <Box
      component="img"
      src={image}
      alt=""
      data-testid="brand-logo-image"
      sx={{
        height: size,
        width: 'auto',
        maxWidth: size * 5,
        flexShrink: 0,
        display: 'block',
        objectFit: 'contain',
      }}
    />
  );
}

/** `compact` shows the mark alone (a phone's app bar); the link around it carries the name. */
export function BrandLogo({ color = 'inherit', compact = false }: { color?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <TemplateMark />
      {compact ? null : (
        <Typography
          component="span"
          sx={{ fontWeight: 700, fontSize: '1.2rem', letterSpacing: '-0.01em', color }}
        >
          {t('app.name')}
        </Typography>
      )}
    </Box>
  );
}
