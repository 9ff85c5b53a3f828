import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { CATEGORY_KINDS, CATEGORY_NAME_MAX, type Category } from '@trustleaf/domain/schemas/reference';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { useAddCategory, useDeleteCategory, useUpdateCategory } from '../api/reference-admin';
import { EditDialog, nameError, RowActions, Section, useOutcome, type Draft } from './reference-parts';

export function CategoriesSection({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  const outcome = useOutcome();
  const add = useAddCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [kind, setKind] = useState<Category['type']>('PRODUCT');
  const [draft, setDraft] = useState<(Draft<Category> & { parentId: number | null }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Category | null>(null);
  const shown = categories.filter((category) => category.type === kind);
  const nameOf = (id: number | null) => shown.find((category) => category.plCategoryId === id)?.name ?? '';
  const open = (editing: Category | null) => {
    setError(null);
    setDraft({ editing, name: editing?.name ?? '', parentId: editing?.parentCategoryId ?? null });
  };
  const save = () => {
    if (!draft) return;
    const invalid = nameError(draft.name, CATEGORY_NAME_MAX);
    if (invalid) return setError(t(invalid));
    // Spec 3 §5: a product category needs a parent (a seeded top-level one may stay as it is).
    const needsParent = kind === 'PRODUCT' && !(draft.editing && draft.editing.parentCategoryId === null);
    if (needsParent && draft.parentId === null) return setError(t('reference.messages.parentRequired'));
    const duplicate = shown.some(
      (category) =>
        category.parentCategoryId === draft.parentId &&
        category.plCategoryId !== draft.editing?.plCategoryId &&
        category.name.toLowerCase() === draft.name.trim().toLowerCase(),
    );
    if (duplicate) return setError(t('reference.messages.categoryExists'));
    const done = {
      onSuccess: () => {
        outcome.saved();
        setDraft(null);
      },
      onError: (failure: Error) => setError(outcome.message(failure)),
    };
    if (draft.editing)
      update.mutate(
        { plCategoryId: draft.editing.plCategoryId, name: draft.name, parentCategoryId: draft.parentId },
        done,
      );
    else add.mutate({ type: kind, name: draft.name, parentCategoryId: draft.parentId }, done);
  };
  const parents = shown.filter((category) => category.plCategoryId !== draft?.editing?.plCategoryId);
  return (
    <Section
      title={t('reference.categories')}
      addLabel={t('reference.addCategory')}
      onAdd={() => open(null)}
      testId="reference-categories"
    >
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
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{t('reference.name')}</TableCell>
            <TableCell>{t('reference.parent')}</TableCell>
            <TableCell align="right">{t('reference.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((category) => (
            <TableRow key={category.plCategoryId}>
              <TableCell>{category.name}</TableCell>
              <TableCell>{nameOf(category.parentCategoryId)}</TableCell>
              <RowActions
                name={category.name}
                onEdit={() => open(category)}
                onDelete={() => setToDelete(category)}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <EditDialog
        open={draft !== null}
        title={t(draft?.editing ? 'reference.editCategory' : 'reference.addCategory')}
        name={draft?.name ?? ''}
        onName={(name) => setDraft((current) => (current ? { ...current, name } : current))}
        extra={
          <TextField
            select
            label={t('reference.parent')}
            required={kind === 'PRODUCT'}
            value={draft?.parentId ?? ''}
            onChange={(event) => {
              const value = event.target.value === '' ? null : Number(event.target.value);
              setDraft((current) => (current ? { ...current, parentId: value } : current));
            }}
          >
            <MenuItem value="">{t('reference.noParent')}</MenuItem>
            {parents.map((category) => (
              <MenuItem key={category.plCategoryId} value={category.plCategoryId}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
        }
        error={error}
        busy={add.isPending || update.isPending}
        onSubmit={save}
        onClose={() => setDraft(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('reference.confirmDeleteTitle')}
        message={t('reference.confirmDelete', { name: toDelete?.name ?? '' })}
        confirmLabel={t('reference.delete')}
        cancelLabel={t('reference.cancel')}
        onClose={(confirmed) => {
          const target = toDelete;
          setToDelete(null);
          if (confirmed && target)
            remove.mutate(
              { plCategoryId: target.plCategoryId },
              { onSuccess: outcome.deleted, onError: outcome.failed },
            );
        }}
      />
    </Section>
  );
}
