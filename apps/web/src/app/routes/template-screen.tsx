import type { TemplateScreen } from '@trustleaf/domain/rules/site-template';
import type { ReactNode } from 'react';
import { NotFoundRoute } from '@/app/routes/not-found';
import { useScreenHidden } from '@/lib/template-screens';

/**
 * A screen the published site template turns off is not there: its address shows the not-found page,
 * in the shell. Hiding is no access rule; the API behind the screen answers as it always does.
 */
export function TemplateScreenRoute({ screen, children }: { screen: TemplateScreen; children: ReactNode }) {
  return useScreenHidden(screen) ? <NotFoundRoute /> : children;
}
