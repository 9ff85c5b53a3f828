import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * An outlined section with an icon and a level-2 title that names it: the landing pages' cards, and
 * the home page's (`avatar`: the icon in a round badge, roomier padding).
 */
export function SummaryCard({
  icon,
  title,
  avatar = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  avatar?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'grid', gap: 1.5, ...(avatar ? { p: 3 } : {}) }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: avatar ? 1.5 : 1, color: 'primary.main' }}>
          {avatar ? (
            <Avatar sx={{ bgcolor: 'action.selected', color: 'primary.main', width: 36, height: 36 }}>
              {icon}
            </Avatar>
          ) : (
            icon
          )}
          <Typography variant="h3" component="h2" id={titleId} sx={{ color: 'text.primary' }}>
            {title}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
