import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Suspense, use, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  legalSections,
  loadLegalDocument,
  retryLegalDocument,
  LEGAL_VARIANT,
  type LegalVariant,
} from '@/features/accounts/legal/legal-text';

/** Spec 3 §2: Agree unlocks once the reader is within about 100 px of the bottom. */
export const SCROLL_TO_AGREE_PX = 100;

export function isScrolledToEnd(element: { scrollTop: number; clientHeight: number; scrollHeight: number }) {
  return element.scrollTop + element.clientHeight >= element.scrollHeight - SCROLL_TO_AGREE_PX;
}

function LegalText({
  language,
  companyName,
  variant,
  onShown,
}: {
  language: string;
  companyName: string;
  variant: LegalVariant;
  onShown: () => void;
}) {
  const { t } = useTranslation();
  const [, setAttempt] = useState(0);
  const document = use(loadLegalDocument(language));
  const sections = useMemo(
    () => (document ? legalSections(document, companyName, variant) : []),
    [document, companyName, variant],
  );
  // Told once the sections are on screen, and again when they change; not when the callback does.
  const shown = useEffectEvent(() => {
    if (document) onShown();
  });
  useEffect(() => {
    shown();
  }, [sections]);
  if (!document) {
    return (
      <Box role="alert" sx={{ display: 'grid', justifyItems: 'start', gap: 1 }}>
        <Typography variant="body2">{t('signUp.eulaDialog.loadFailed')}</Typography>
        <Button
          variant="outlined"
          onClick={() => {
            retryLegalDocument(language);
            setAttempt((count) => count + 1);
          }}
        >
          {t('signUp.eulaDialog.retry')}
        </Button>
      </Box>
    );
  }
  return (
    <div lang={language} data-testid="licence-sections">
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
  );
}

export function LicenceAgreementDialog({
  open,
  onClose,
  companyName,
  variant = LEGAL_VARIANT,
  hideAccept = false,
}: {
  open: boolean;
  /** true when the user agreed, false when closed or declined. */
  onClose: (agreed: boolean) => void;
  /** The name the agreement gives the service; by default the product name (a site template's, spec 3 §2). */
  companyName?: string;
  variant?: LegalVariant;
  hideAccept?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const content = useRef<HTMLDivElement | null>(null);
  const [canAgree, setCanAgree] = useState(false);
  /** The text is in the user's language, loaded on demand; a text shorter than the box needs no scrolling. */
  function checkScrolled() {
    const element = content.current;
    if (element && element.scrollHeight > 0 && isScrolledToEnd(element)) setCanAgree(true);
  }
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
      <DialogContent dividers data-testid="licence-text" tabIndex={0} ref={content} onScroll={checkScrolled}>
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('signUp.eulaDialog.loading')} />
            </Box>
          }
        >
          <LegalText
            language={i18n.language}
            companyName={companyName ?? t('app.name')}
            variant={variant}
            onShown={checkScrolled}
          />
        </Suspense>
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
