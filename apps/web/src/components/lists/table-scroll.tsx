import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A table that may be wider than its card (a phone): it scrolls sideways inside the card instead of
 * widening the page, and the scrolling region takes the focus so the keyboard scrolls it too. Named
 * by `label`, or by the heading whose id is `labelledBy`.
 */
export function TableScroll({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      sx={{ maxWidth: '100%', overflowX: 'auto' }}
    >
      {children}
    </TableContainer>
  );
}
