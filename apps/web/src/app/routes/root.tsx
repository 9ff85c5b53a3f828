import { Outlet } from 'react-router';
import { useSessionTimer, useSiteTemplate, useVisibility } from '@/app/use-session-lifecycle';

/**
 * Every page: the favicon follows tab visibility, the token rule runs while a session exists and the
 * published site template is applied.
 */
export function RootRoute() {
  useVisibility();
  useSessionTimer();
  useSiteTemplate();
  return <Outlet />;
}
