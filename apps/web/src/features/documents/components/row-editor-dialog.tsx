import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

/** An editor's form: its rows. */
export interface RowsForm<Row> {
  rows: Row[];
}

/** How an editor of saved rows (document types, rejection reasons) reads, compares and saves them. */
export interface RowEditorOptions<Row, Change> {
  /** The rows as loaded, which the changes are made against. */
  original: Row[];
  /** The rows the editor opens with (the loaded ones unless it adds a blank one). */
  initial?: Row[];
  /** The form's schema, from the rows' rule (`@trustleaf/domain/schemas/document`). */
  schema: z.ZodType<RowsForm<Row>, RowsForm<Row>>;
  diff: (original: readonly Row[], current: readonly Row[]) => Change[];
  hasChanges: (original: readonly Row[], current: readonly Row[]) => boolean;
  /** The save call and the input field that holds its changes (`plDocumentTypes`, `plReasons`). */
  save: (changes: Change[]) => Promise<unknown>;
  changesField: string;
  /** The row a change was made from: a saved row by its id, a new one by its name. */
  idOf: (item: Row | Change) => number | undefined;
  nameOf: (item: Row | Change) => string;
  onSaved: () => void;
  /** Nothing to send: the editor closes. */
  onUnchanged: () => void;
  /** A refusal that names no row's field. */
  onFailed: (error: unknown) => void;
}

let nextRowKey = 0;

/**
 * The editor row each change was made from, by the changes' order (a delete has none): a saved row by
 * its id, a new one by its trimmed name, the first not taken yet.
 */
export function rowsOfChanges<Row, Change>(
  rows: readonly Row[],
  changes: readonly Change[],
  idOf: (item: Row | Change) => number | undefined,
  nameOf: (item: Row | Change) => string,
): (number | undefined)[] {
  const taken = new Set<number>();
  return changes.map((change) => {
    const id = idOf(change);
    const index = rows.findIndex(
      (row, at) =>
        !taken.has(at) &&
        (id === undefined
          ? idOf(row) === undefined && nameOf(row).trim() === nameOf(change)
          : idOf(row) === id),
    );
    if (index < 0) return undefined;
    taken.add(index);
    return index;
  });
}

/**
 * An editor of saved rows as one react-hook-form form: the rows, each checked by their
 * rule's schema; Save sends what changed and puts the server's issues, which name a change by its
 * index (`plDocumentTypes.2.name`), on the field of the row it came from; closing with edits asks first.
 */
export function useRowEditor<Row extends object, Change>(options: RowEditorOptions<Row, Change>) {
  const { original, diff, hasChanges, changesField, idOf, nameOf } = options;
  const form = useForm<RowsForm<Row>>({
    resolver: keyedZodResolver(options.schema),
    defaultValues: { rows: options.initial ?? original } as never,
  });
  // The rows' keys, kept beside the values (useFieldArray would add its code to the sign-in page's
  // first load, which shares react-hook-form's chunk).
  const [keys, setKeys] = useState(() => (options.initial ?? original).map(() => nextRowKey++));
  const rowsPath = 'rows' as Path<RowsForm<Row>>;
  const currentRows = () => form.getValues(rowsPath) as Row[];
  const setRows = (rows: Row[]) => form.setValue(rowsPath, rows, { shouldDirty: true });
  const [isPrompting, setIsPrompting] = useState(false);

  const rowField = (rowOf: (number | undefined)[]) => (field: string) => {
    const [name, index, rowFieldName] = field.split('.');
    const row = name === changesField ? rowOf[Number(index)] : undefined;
    return row === undefined || !rowFieldName
      ? undefined
      : (`rows.${row}.${rowFieldName}` as Path<RowsForm<Row>>);
  };

  const submit = form.handleSubmit(async (values) => {
    const current = values.rows;
    const changes = diff(original, current);
    if (changes.length === 0) return options.onUnchanged();
    try {
      await options.save(changes);
      options.onSaved();
    } catch (error) {
      const rowOf = rowsOfChanges(current, changes, idOf, nameOf);
      if (!applyServerIssues(form, error, rowField(rowOf))) options.onFailed(error);
    }
  });

  return {
    form,
    keys,
    add: (row: Row) => {
      setRows([...currentRows(), row]);
      setKeys((current) => [...current, nextRowKey++]);
    },
    remove: (index: number) => {
      setRows(currentRows().filter((_row, at) => at !== index));
      setKeys((current) => current.filter((_key, at) => at !== index));
      // The other rows' errors would stay on the indexes they had; Save checks them again.
      form.clearErrors(rowsPath);
    },
    save: () => {
      setIsPrompting(false);
      void submit();
    },
    requestClose: () => {
      if (hasChanges(original, currentRows())) setIsPrompting(true);
      else options.onUnchanged();
    },
    isPrompting,
    cancelPrompt: () => setIsPrompting(false),
  };
}

export type RowEditor<Row extends object, Change> = ReturnType<typeof useRowEditor<Row, Change>>;

/**
 * The dialog around an editor's rows: the title, the rows, Add, Cancel and Save, and the
 * unsaved-changes prompt. A backdrop click does not close it.
 */
export function RowEditorDialog<Row extends object, Change>({
  editor,
  title,
  titleId,
  testId,
  maxWidth,
  newRow,
  busy,
  onDiscard,
  children,
}: {
  editor: RowEditor<Row, Change>;
  title: ReactNode;
  titleId: string;
  testId: string;
  maxWidth: DialogProps['maxWidth'];
  newRow: () => Row;
  busy: boolean;
  onDiscard: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      maxWidth={maxWidth}
      fullWidth
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') editor.requestClose();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>{children}</Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<AddIcon />} sx={{ mr: 'auto' }} onClick={() => editor.add(newRow())}>
          {t('documents.add')}
        </Button>
        <Button onClick={editor.requestClose}>{t('documents.cancel')}</Button>
        <Button variant="contained" onClick={editor.save} disabled={busy}>
          {t('documents.save')}
        </Button>
      </DialogActions>
      <UnsavedChangesDialog
        open={editor.isPrompting}
        onSave={editor.save}
        onDiscard={onDiscard}
        onCancel={editor.cancelPrompt}
      />
    </Dialog>
  );
}
