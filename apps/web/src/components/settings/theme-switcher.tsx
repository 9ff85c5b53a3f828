import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import IconButton from '@mui/material/IconButton';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeName } from '@/lib/use-theme-name';
import { lazyComponent } from '@/lib/lazy-component';
import { useAppStore } from '@/stores/app-store';
import { useMenuButton } from './use-menu-button';

/* Loaded on first use for the same reason as the language menu. */
const ThemeMenu = lazyComponent(() => import('@/components/settings/theme-menu').then((m) => m.default));

export function ThemeSwitcher() {
  const { t } = useTranslation();
  const current = useThemeName();
  const setTheme = useAppStore((state) => state.setTheme);
  const menu = useMenuButton(ThemeMenu.preload);
  return (
    <>
      <IconButton
        color="inherit"
        title={t('theme.label')}
        aria-label={t('theme.current', { name: t(`theme.${current}`) })}
        {...menu.buttonProps}
        data-testid="theme-switcher"
      >
        <PaletteOutlinedIcon />
      </IconButton>
      {menu.anchor ? (
        <Suspense fallback={null}>
          <ThemeMenu
            id={menu.menuId}
            anchorEl={menu.anchor}
            current={current}
            onClose={menu.close}
            onSelect={(next) => {
              setTheme(next);
              menu.close();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
