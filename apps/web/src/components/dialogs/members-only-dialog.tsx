import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { COPY_BLOCK_MS } from '@trustleaf/domain/rules/sign-up';
import { enqueueSnackbar } from 'notistack';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useExtraLocale } from '@/lib/locale-bundle';

export const MEMBERS_CONTACT_EMAIL = 'members@trustleaf.example';

/** Spec 1 §2 item 4: the feature is for association members; the contact email can be copied. */
export function MembersOnlyDialog({
  open,
  onClose,
  contactEmail = MEMBERS_CONTACT_EMAIL,
  now = () => Date.now(),
}: {
  open: boolean;
  onClose: () => void;
  contactEmail?: string;
  now?: () => number;
}) {
  useExtraLocale();
  const { t } = useTranslation();
  const titleId = useId();
  const lastCopy = useRef(Number.NEGATIVE_INFINITY);

  async function copy() {
    // Spec 1 §4: after a copy, further copying is blocked for 2 seconds.
    if (now() - lastCopy.current < COPY_BLOCK_MS) return;
    lastCopy.current = now();
    await navigator.clipboard.writeText(contactEmail);
    enqueueSnackbar(t('inputs.membersOnly.copied'), { variant: 'success' });
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('inputs.membersOnly.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('inputs.membersOnly.body')}</DialogContentText>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('inputs.membersOnly.contactEmail')}:
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="members-contact-email">
            {contactEmail}
          </Typography>
          <IconButton aria-label={t('inputs.membersOnly.copy')} onClick={() => void copy()} size="small">
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('inputs.dialog.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
