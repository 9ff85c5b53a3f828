import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { FormField } from '@/components/form/form-field';
import { DataTable, type TableColumn } from '@/components/lists/data-table';
import { errorText } from '@/lib/error-notice';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { RowActions, Section, useOutcome } from './reference-parts';

/** A reference form's values: a name plus the kind's own fields. */
type NamedValues = FieldValues & { name: string };

/** What one kind of reference data (segments, business types, categories) needs from the section. */
export interface ReferenceKind<Item, Values extends NamedValues> {
  title: string;
  addLabel: string;
  /** The edit dialog's title ("Edit segment"); the add dialog's is `addLabel`. */
  editTitle: string;
  testId: string;
  items: Item[];
  idOf: (item: Item) => number;
  nameOf: (item: Item) => string;
  /** A note under the form's name field (a seeded name's), if any. */
  nameHelp?: (editing: Item | null) => string | undefined;
  /** The columns after the name: a heading and the cell of each item. */
  columns: { label: string; cell: (item: Item) => ReactNode }[];
  /** Above the table (the category kind). */
  toolbar?: ReactNode;
  /** The form's schema (the shared input schema, or the rule built for the item) and first values. */
  schemaFor: (editing: Item | null) => z.ZodType<unknown, Values>;
  valuesOf: (editing: Item | null) => Values;
  /** The kind's own fields below the name. */
  fields?: (control: Control<Values>, editing: Item | null) => ReactNode;
  save: (values: Values, editing: Item | null) => Promise<unknown>;
  busy: boolean;
  remove: (item: Item) => Promise<unknown>;
}

/**
 * The add and edit form of a reference item, checked by its shared schema; the server's refusals land
 * on their fields, any other failure shows above the buttons.
 */
function EditDialog<Item, Values extends NamedValues>({
  kind,
  editing,
  onClose,
}: {
  kind: ReferenceKind<Item, Values>;
  editing: Item | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const outcome = useOutcome();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: keyedZodResolver(kind.schemaFor(editing)) as never,
    defaultValues: kind.valuesOf(editing) as never,
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await kind.save(values, editing);
      outcome.saved();
      onClose();
    } catch (error) {
      if (!applyServerIssues(form, error)) setFailure(errorText(t, error));
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{editing ? kind.editTitle : kind.addLabel}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormField
              control={form.control}
              name={'name' as Path<Values>}
              label={t('reference.name')}
              required
              autoFocus
              helperText={kind.nameHelp?.(editing)}
            />
            {kind.fields?.(form.control, editing)}
            {failure ? (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('reference.cancel')}</Button>
          <Button type="submit" variant="contained" loading={kind.busy}>
            {t('reference.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * One kind of reference data: its table with edit and delete on each row, Add, the edit form and the
 * delete confirmation (spec 3 §7).
 */
export function ReferenceSection<Item, Values extends NamedValues>({
  kind,
}: {
  kind: ReferenceKind<Item, Values>;
}) {
  const { t } = useTranslation();
  const outcome = useOutcome();
  const [editing, setEditing] = useState<{ item: Item | null } | null>(null);
  const [toDelete, setToDelete] = useState<Item | null>(null);
  // On a phone each item is a block of its own, its actions on the screen without scrolling sideways.
  const columns: TableColumn<Item>[] = [
    { key: 'name', label: t('reference.name'), phone: 'title', cell: (item) => kind.nameOf(item) },
    ...kind.columns.map((column) => ({ key: column.label, label: column.label, cell: column.cell })),
    {
      key: 'actions',
      label: t('reference.actions'),
      phone: 'actions',
      align: 'right',
      cellProps: { sx: { whiteSpace: 'nowrap' } },
      cell: (item) => (
        <RowActions
          name={kind.nameOf(item)}
          onEdit={() => setEditing({ item })}
          onDelete={() => setToDelete(item)}
        />
      ),
    },
  ];
  return (
    <Section
      title={kind.title}
      addLabel={kind.addLabel}
      onAdd={() => setEditing({ item: null })}
      testId={kind.testId}
    >
      {kind.toolbar}
      <DataTable
        size="small"
        stickyHeader
        stackOnPhone
        aria-label={kind.title}
        columns={columns}
        rows={kind.items}
        rowKey={kind.idOf}
      />
      {editing ? <EditDialog kind={kind} editing={editing.item} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('reference.confirmDeleteTitle')}
        message={t('reference.confirmDelete', { name: toDelete ? kind.nameOf(toDelete) : '' })}
        confirmLabel={t('reference.delete')}
        cancelLabel={t('reference.cancel')}
        onClose={(confirmed) => {
          const target = toDelete;
          setToDelete(null);
          if (confirmed && target) kind.remove(target).then(outcome.deleted, outcome.failed);
        }}
      />
    </Section>
  );
}
