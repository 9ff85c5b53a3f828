import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        py: 10,
        px: 2,
      }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden="true" />
      <Typography variant="h2" component="h1">
        {t('errors.boundary.title')}
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        {t('errors.boundary.retry')}
      </Button>
    </Box>
  );
}
