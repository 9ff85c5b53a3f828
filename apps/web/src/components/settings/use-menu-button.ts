import { useId, useState, type MouseEvent } from 'react';

/**
 * A button that opens a lazily loaded menu (the language and theme switchers): pointing at or
 * focusing the button warms the menu's code, a click anchors the menu to it.
 */
export function useMenuButton(loadMenu: () => Promise<unknown>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return {
    anchor,
    menuId,
    close: () => setAnchor(null),
    buttonProps: {
      'aria-haspopup': 'menu' as const,
      'aria-controls': anchor ? menuId : undefined,
      'aria-expanded': anchor ? ('true' as const) : undefined,
      onPointerEnter: () => void loadMenu(),
      onFocus: () => void loadMenu(),
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    },
  };
}
