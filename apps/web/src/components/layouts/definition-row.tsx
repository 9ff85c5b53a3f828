import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A term and its value in a definition list (`<dl>`): the summary cards' rows. */
export function DefinitionRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <>
      <Typography variant="body2" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}
