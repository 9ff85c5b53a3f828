import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeName } from '@/lib/use-theme-name';
import { useAppStore } from '@/stores/app-store';

/* Loaded on first use for the same reason as the language menu. */
const loadMenu = () => import('@/components/settings/theme-menu');
const ThemeMenu = lazy(loadMenu);

export function ThemeSwitcher() {
  const { t } = useTranslation();
  const current = useThemeName();
  const setTheme = useAppStore((state) => state.setTheme);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        title={t('theme.label')}
        aria-label={t('theme.current', { name: t(`theme.${current}`) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="theme-switcher"
      >
        <PaletteOutlinedIcon />
      </IconButton>
      {anchor ? (
        <Suspense fallback={null}>
          <ThemeMenu
            id={menuId}
            anchorEl={anchor}
            current={current}
            onClose={() => setAnchor(null)}
            onSelect={(next) => {
              setTheme(next);
              setAnchor(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
