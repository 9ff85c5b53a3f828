import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';
import { paginationItemLabel } from '@/lib/pagination-label';

/** The pages of a listing, shown once it has more than one (admin consoles, the activity log). */
export function ListingPagination({
  total,
  pageSize,
  page,
  onChange,
}: {
  /** Every row the filter matches; nothing shows while it is unknown. */
  total: number | undefined;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total === undefined || total <= pageSize) return null;
  return (
    <Pagination
      count={Math.ceil(total / pageSize)}
      page={page}
      onChange={(_event, value) => onChange(value)}
      getItemAriaLabel={paginationItemLabel(t)}
    />
  );
}
