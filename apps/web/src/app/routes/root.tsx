import { Outlet } from 'react-router';
import { useSessionTimer, useVisibility } from '@/app/use-session-lifecycle';

/** Every page: the favicon follows tab visibility and the token rule runs while a session exists. */
export function RootRoute() {
  useVisibility();
  useSessionTimer();
  return <Outlet />;
}
