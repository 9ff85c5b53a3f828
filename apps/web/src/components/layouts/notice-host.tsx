import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, type SnackbarProviderProps } from 'notistack';
import { useEffect } from 'react';
import { noticeHostMounted } from '@/lib/notices';

/** notistack's default success and warning colours fail WCAG AA contrast with white text. */
const AccessibleNotice = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
});
const NOTICE_COMPONENTS = {
  success: AccessibleNotice,
  error: AccessibleNotice,
  warning: AccessibleNotice,
  info: AccessibleNotice,
};

/**
 * A layout's notice stack. It has no children: notices come through notistack's
 * `enqueueSnackbar`, which reaches the host mounted last. The empty layout loads it after its first
 * render, keeping notistack out of the sign-in page's initial JavaScript (see lib/notices).
 */
export default function NoticeHost(props: Omit<SnackbarProviderProps, 'children' | 'Components'>) {
  useEffect(() => noticeHostMounted(), []);
  return <SnackbarProvider Components={NOTICE_COMPONENTS} {...props} />;
}
