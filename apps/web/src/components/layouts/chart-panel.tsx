import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A chart's section: its level-2 heading (`headingId`, which the caller also gives the figures'
 * table) with the chart's own control beside it (a range, a period), then the chart.
 */
export function ChartPanel({
  headingId,
  title,
  control,
  children,
}: {
  headingId: string;
  title: string;
  control: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ flex: 1, minWidth: 200 }}>
          {title}
        </Typography>
        {control}
      </Box>
      {children}
    </Paper>
  );
}
