/**
 * Styles for text read by screen readers only (hidden from sight, kept in the accessibility tree).
 * Lengths are strings: in MUI's `sx` a bare number up to 1 is a fraction (width 1 = 100%) and margin is
 * in spacing units, which made these "hidden" boxes as wide as their container and pushed pages sideways.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;
