import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';

/**
 * A select's options as MenuItems (MUI's Select wants them as its children): each value, shown by
 * its label.
 */
export const menuOptions = <V extends string | number>(
  values: readonly V[],
  labelOf: (value: V) => ReactNode,
) =>
  values.map((value) => (
    <MenuItem key={value} value={value}>
      {labelOf(value)}
    </MenuItem>
  ));
