import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { legalText, LEGAL_VARIANT, type LegalVariant } from '@/features/accounts/components/legal-text';

/** Spec 3 §2: Agree unlocks once the reader is within about 100 px of the bottom. */
export const SCROLL_TO_AGREE_PX = 100;

export function isScrolledToEnd(element: { scrollTop: number; clientHeight: number; scrollHeight: number }) {
  return element.scrollTop + element.clientHeight >= element.scrollHeight - SCROLL_TO_AGREE_PX;
}

export function LicenceAgreementDialog({
  open,
  onClose,
  companyName = 'Trustleaf',
  variant = LEGAL_VARIANT,
  hideAccept = false,
}: {
  open: boolean;
  /** true when the user agreed, false when closed or declined. */
  onClose: (agreed: boolean) => void;
  companyName?: string;
  variant?: LegalVariant;
  hideAccept?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [canAgree, setCanAgree] = useState(false);
  const sections = useMemo(() => legalText(companyName, variant), [companyName, variant]);
  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      slotProps={{ transition: { onExited: () => setCanAgree(false) } }}
    >
      <DialogTitle id={titleId}>{t('signUp.eulaDialog.title')}</DialogTitle>
      <DialogContent
        dividers
        data-testid="licence-text"
        tabIndex={0}
        onScroll={(event) => {
          if (isScrolledToEnd(event.currentTarget)) setCanAgree(true);
        }}
        ref={(element: HTMLDivElement | null) => {
          // Text shorter than the box needs no scrolling.
          if (element && isScrolledToEnd(element) && element.scrollHeight > 0) setCanAgree(true);
        }}
      >
        <Typography variant="body2" sx={{ mb: 2, fontStyle: 'italic' }} lang={undefined}>
          {t('signUp.eulaDialog.englishOnly')}
        </Typography>
        <div lang="en">
          {sections.map((section) => (
            <section key={section.heading}>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 700 }}>
                {section.heading}
              </Typography>
              {section.paragraphs.map((paragraph) => (
                <Typography key={paragraph.slice(0, 40)} variant="body2" sx={{ mt: 1 }}>
                  {paragraph}
                </Typography>
              ))}
            </section>
          ))}
        </div>
      </DialogContent>
      <DialogActions>
        {!canAgree && !hideAccept ? (
          <Typography variant="caption" sx={{ mr: 'auto', color: 'text.secondary' }}>
            {t('signUp.eulaDialog.scrollHint')}
          </Typography>
        ) : null}
        <Button onClick={() => onClose(false)}>{t('signUp.eulaDialog.decline')}</Button>
        {hideAccept ? null : (
          <Button variant="contained" disabled={!canAgree} onClick={() => onClose(true)}>
            {t('signUp.eulaDialog.agree')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
