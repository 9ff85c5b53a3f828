import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { THEME_NAMES, type ThemeName } from '@trustleaf/domain/rules/themes';
import { useTranslation } from 'react-i18next';

export interface ThemeMenuProps {
  id: string;
  anchorEl: HTMLElement;
  current: ThemeName;
  onSelect: (theme: ThemeName) => void;
  onClose: () => void;
}

export default function ThemeMenu({ id, anchorEl, current, onSelect, onClose }: ThemeMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchorEl} open onClose={onClose}>
      {THEME_NAMES.map((name) => (
        <MenuItem
          key={name}
          selected={name === current}
          onClick={() => onSelect(name)}
          data-testid={`theme-${name}`}
        >
          <ListItemIcon>{name === current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{t(`theme.${name}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
