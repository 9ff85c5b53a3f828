import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TemplateScreen } from '@trustleaf/domain/rules/site-template-screens';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { PageLoader } from '@/components/layouts/page-loader';
import { useBrandingReady, useScreenHidden } from '@/lib/template-screens';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        {t('errors.notFound.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('errors.notFound.message')}</Typography>
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
        {t('errors.notFound.home')}
      </Button>
    </>
  );
}

/**
 * A screen the published site template turns off is not there: its address shows the not-found page,
 * in the shell. Until the branding of the company the pages show has loaded, a short loading state
 * shows, so a screen the template turns off never flashes. Hiding is no access rule; the API behind
 * the screen answers as it always does.
 */
export function TemplateScreenRoute({ screen, children }: { screen: TemplateScreen; children: ReactNode }) {
  const ready = useBrandingReady();
  const hidden = useScreenHidden(screen);
  /*
   * The branding's answer reaches the page as a store update, which React renders at once and in one
   * piece; the screen is rendered from it a moment later as a transition, in slices, so the first
   * render of a whole page is not one long task.
   */
  const shown = useDeferredValue(!ready ? 'loading' : hidden ? 'hidden' : 'shown');
  if (shown === 'loading') return <PageLoader />;
  return shown === 'hidden' ? <NotFoundRoute /> : children;
}
