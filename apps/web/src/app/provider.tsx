import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { buildTheme } from '@/lib/theme';
import { useThemeName } from '@/lib/use-theme-name';

export function AppProvider({ children }: { children: ReactNode }) {
  const themeName = useThemeName();
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={buildTheme(themeName)}>
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary>{children}</ErrorBoundary>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
