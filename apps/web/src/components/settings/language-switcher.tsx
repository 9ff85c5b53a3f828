import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/stores/app-store';

/*
 * The menu (Popover, Modal, focus trap, transitions) loads on first use: this button sits on the
 * sign-in page, whose first load has a size budget. Pointing at or focusing the button warms it.
 */
const loadMenu = () => import('@/components/settings/language-menu');
const LanguageMenu = lazy(loadMenu);

/** Each language is named in its own language, so a user lost in the wrong one can find theirs. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={`${language.toUpperCase()} – ${t('language.label')}: ${t(`language.${language}`)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="language-switcher"
      >
        {language.toUpperCase()}
      </Button>
      {anchor ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchorEl={anchor}
            current={language}
            onClose={() => setAnchor(null)}
            onSelect={(next) => {
              setLanguage(next);
              setAnchor(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
