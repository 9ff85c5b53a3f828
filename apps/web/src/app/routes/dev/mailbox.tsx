import RefreshIcon from '@mui/icons-material/Refresh';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery } from '@tanstack/react-query';
import { devMailbox } from '@trustleaf/domain/api/dev';
import { SnackbarProvider } from 'notistack';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/brand/brand-logo';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/i18n';

/**
 * An address in a mail's text, without the punctuation that ends its sentence ("…upload a new version
 * at https://…/documents."), as mail programs read it: the period taken in led to a page not found.
 */
const ADDRESS_IN_TEXT = /(https?:\/\/\S+?)(?=[.,;:!?)\]»"'’]*(?:\s|$))/g;

/** Links in mail bodies become clickable so a reset link can be followed from here. */
function linkify(text: string) {
  return text.split(ADDRESS_IN_TEXT).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export function MailboxRoute() {
  const { t, i18n } = useTranslation();
  const mailbox = useQuery({
    queryKey: ['dev', 'mailbox'],
    queryFn: () =>
      // Sign-up codes and reset links: for a signed-in super admin only (a 401 leads to sign-in).
      api.call(devMailbox, {}),
    retry: false,
  });
  const messages = [...(mailbox.data ?? [])].reverse();

  return (
    <SnackbarProvider maxSnack={3}>
      <Container component="main" id="main" maxWidth="md" sx={{ py: 5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
          <BrandLogo />
          <Button startIcon={<RefreshIcon />} onClick={() => void mailbox.refetch()}>
            {t('mailbox.refresh')}
          </Button>
        </Box>
        <Typography variant="h1">{t('mailbox.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>{t('mailbox.subtitle')}</Typography>
        {mailbox.isError ? <Alert severity="warning">{t('mailbox.unavailable')}</Alert> : null}
        {mailbox.isSuccess && messages.length === 0 ? (
          <Alert severity="info">{t('mailbox.empty')}</Alert>
        ) : null}
        {messages.map((message, index) => (
          <Accordion key={`${message.createdAt}-${index}`} defaultExpanded={index === 0} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{message.subject}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('mailbox.to')}: {message.to} · {t('mailbox.sentAt')}:{' '}
                  {formatDateTime(message.createdAt, i18n.language)}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails>
              <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
                {linkify(message.text)}
              </Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Container>
    </SnackbarProvider>
  );
}
