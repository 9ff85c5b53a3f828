import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type Language } from '@trustleaf/domain/rules/themes';
import { useTranslation } from 'react-i18next';

export interface LanguageMenuProps {
  id: string;
  anchorEl: HTMLElement;
  current: Language;
  onSelect: (language: Language) => void;
  onClose: () => void;
}

export default function LanguageMenu({ id, anchorEl, current, onSelect, onClose }: LanguageMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchorEl} open onClose={onClose}>
      {LANGUAGES.map((code) => (
        <MenuItem
          key={code}
          lang={code}
          selected={code === current}
          onClick={() => onSelect(code)}
          data-testid={`language-${code}`}
        >
          {t(`language.${code}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
