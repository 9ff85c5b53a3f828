import type { TFunction } from 'i18next';

type PaginationItem = 'page' | 'first' | 'last' | 'next' | 'previous' | 'start-ellipsis' | 'end-ellipsis';

/** Names of a pagination's buttons in the reader's language (MUI's `getItemAriaLabel`). */
export function paginationItemLabel(t: TFunction) {
  return (type: PaginationItem, page: number | null, selected: boolean): string => {
    if (type === 'page') return t(selected ? 'pagination.current' : 'pagination.page', { page });
    if (type === 'first' || type === 'last' || type === 'next' || type === 'previous')
      return t(`pagination.${type}`);
    return '';
  };
}
