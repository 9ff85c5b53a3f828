import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '@/lib/lazy-component';
import { useAppStore } from '@/stores/app-store';
import { useMenuButton } from './use-menu-button';

/*
 * The menu (Popover, Modal, focus trap, transitions) loads on first use: this button sits on the
 * sign-in page, whose first load has a size budget. Pointing at or focusing the button warms it.
 */
const LanguageMenu = lazyComponent(() =>
  import('@/components/settings/language-menu').then((m) => m.default),
);

/** Each language is named in its own language, so a user lost in the wrong one can find theirs. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);
  const menu = useMenuButton(LanguageMenu.preload);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={`${language.toUpperCase()} – ${t('language.label')}: ${t(`language.${language}`)}`}
        {...menu.buttonProps}
        data-testid="language-switcher"
      >
        {language.toUpperCase()}
      </Button>
      {menu.anchor ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menu.menuId}
            anchorEl={menu.anchor}
            current={language}
            onClose={menu.close}
            onSelect={(next) => {
              setLanguage(next);
              menu.close();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
