import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CATEGORY_KINDS, createCategoryFormSchema, type Category } from '@trustleaf/domain/schemas/reference';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { byName } from '@/lib/by-name';
import { vocabularyLabel } from '@/lib/seeded-text';
import { useAddCategory } from '../api/add-category';
import { useDeleteCategory } from '../api/delete-category';
import { useUpdateCategory } from '../api/update-category';
import { ReferenceSection } from './reference-section';

interface CategoryValues {
  name: string;
  parentCategoryId: number | null;
}

const toParent = (raw: string) => (raw === '' ? null : Number(raw));

/** Product and service categories, one kind shown at a time, each under its parent (spec 3 §5). */
export function CategoriesSection({ categories }: { categories: Category[] }) {
  const { t, i18n } = useTranslation();
  const add = useAddCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [kind, setKind] = useState<Category['type']>('PRODUCT');
  // A seeded category reads in the reader's language, in that language's alphabetical order ('Boissons'
  // before 'Fleurs'); its form shows the stored name, which a save keeps.
  const labelOf = (category: Category) => vocabularyLabel(t, 'categories', category);
  const shown = byName(
    categories.filter((category) => category.type === kind),
    labelOf,
    i18n.language,
  );
  const nameOf = (id: number | null) => {
    const parent = shown.find((category) => category.plCategoryId === id);
    return parent ? labelOf(parent) : '—';
  };
  return (
    <ReferenceSection<Category, CategoryValues>
      kind={{
        title: t('reference.categories'),
        addLabel: t('reference.addCategory'),
        editTitle: t('reference.editCategory'),
        testId: 'reference-categories',
        items: shown,
        idOf: (category) => category.plCategoryId,
        nameOf: labelOf,
        nameHelp: (editing) => (editing?.seedKey ? t('reference.seededNameHint') : undefined),
        columns: [{ label: t('reference.parent'), cell: (category) => nameOf(category.parentCategoryId) }],
        toolbar: (
          <Box sx={{ py: 1 }}>
            <TextField
              select
              size="small"
              label={t('reference.categoryType')}
              value={kind}
              onChange={(event) => setKind(event.target.value as Category['type'])}
              sx={{ minWidth: 200 }}
            >
              {CATEGORY_KINDS.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`reference.kinds.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        ),
        schemaFor: (editing) =>
          createCategoryFormSchema({
            // A seeded top-level product category may stay at the top.
            needsParent: kind === 'PRODUCT' && !(editing && editing.parentCategoryId === null),
            siblings: shown,
            editingId: editing?.plCategoryId ?? null,
          }),
        valuesOf: (editing) => ({
          name: editing?.name ?? '',
          parentCategoryId: editing?.parentCategoryId ?? null,
        }),
        fields: (control, editing) => (
          <FormField
            control={control}
            name="parentCategoryId"
            label={t('reference.parent')}
            select
            required={kind === 'PRODUCT'}
            parse={toParent}
          >
            <MenuItem value="">{t('reference.noParent')}</MenuItem>
            {shown
              .filter((category) => category.plCategoryId !== editing?.plCategoryId)
              .map((category) => (
                <MenuItem key={category.plCategoryId} value={category.plCategoryId}>
                  {labelOf(category)}
                </MenuItem>
              ))}
          </FormField>
        ),
        save: (values, editing) =>
          editing
            ? update.mutateAsync({ plCategoryId: editing.plCategoryId, ...values })
            : add.mutateAsync({ type: kind, ...values }),
        busy: add.isPending || update.isPending,
        remove: (category) => remove.mutateAsync({ plCategoryId: category.plCategoryId }),
      }}
    />
  );
}
