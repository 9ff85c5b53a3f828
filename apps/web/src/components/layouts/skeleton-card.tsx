import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import type { ResponsiveStyleValue } from '@mui/system';

/** What a SkeletonCard adds to its block's height, in px: its padding, border and heading line. */
export const SKELETON_CARD_CHROME = 16 * 2 + 1 * 2 + 32 + 12;

/**
 * A card still to come: a heading's line and a block of the given height (by breakpoint where the card
 * it stands in for is taller on a phone), hidden from assistive technology.
 */
export function SkeletonCard({ height }: { height: ResponsiveStyleValue<number> }) {
  return (
    <Card variant="outlined" aria-hidden sx={{ p: 2 }}>
      <Skeleton width="40%" height={32} />
      <Skeleton variant="rounded" sx={{ mt: 1.5, height }} />
    </Card>
  );
}
