import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';

/** A card still to come: a heading's line and a block of the given height, hidden from assistive technology. */
export function SkeletonCard({ height }: { height: number }) {
  return (
    <Card variant="outlined" aria-hidden sx={{ p: 2 }}>
      <Skeleton width="40%" height={32} />
      <Skeleton variant="rounded" height={height} sx={{ mt: 1.5 }} />
    </Card>
  );
}
