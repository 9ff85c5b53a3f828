import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';
import { useBusinessTypes } from '../api/get-business-types';
import { useCategories } from '../api/get-categories';
import { useSegments } from '../api/get-segments';
import { CategoriesSection } from './categories-section';
import { BusinessTypesSection, SegmentsSection } from './reference-sections';

/** The admin reference data tab: segments, business types and categories (spec 3 §7, §5 rules). */
export function ReferenceDataPanel() {
  const { t } = useTranslation();
  const categories = useCategories();
  const businessTypes = useBusinessTypes();
  const segments = useSegments();
  const failed = categories.error ?? businessTypes.error ?? segments.error;
  if (failed) return <Alert severity="error">{translateMessage(t, failed.message)}</Alert>;
  if (!categories.data || !businessTypes.data || !segments.data)
    return <Typography role="status">{t('reference.loading')}</Typography>;
  return (
    <Stack spacing={3}>
      <SegmentsSection segments={segments.data.segments} />
      <BusinessTypesSection
        businessTypes={businessTypes.data.businessTypes}
        segments={segments.data.segments}
      />
      <CategoriesSection categories={categories.data.categories} />
    </Stack>
  );
}
