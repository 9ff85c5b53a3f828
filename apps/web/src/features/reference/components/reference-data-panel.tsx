import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CATEGORY_KINDS,
  CATEGORY_NAME_MAX,
  REFERENCE_MESSAGES,
  REFERENCE_NAME_MAX,
  type BusinessType,
  type Category,
  type Segment,
} from '@trustleaf/domain/schemas/reference';
import { enqueueSnackbar } from 'notistack';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { registerMessageKeys, translateMessage } from '@/lib/i18n-messages';
import {
  useAddBusinessType,
  useAddCategory,
  useAddSegment,
  useBusinessTypes,
  useCategories,
  useDeleteBusinessType,
  useDeleteCategory,
  useDeleteSegment,
  useSegments,
  useUpdateBusinessType,
  useUpdateCategory,
  useUpdateSegment,
} from '../api/reference-admin';

registerMessageKeys({
  [REFERENCE_MESSAGES.categoryExists]: 'reference.messages.categoryExists',
  [REFERENCE_MESSAGES.parentRequired]: 'reference.messages.parentRequired',
  [REFERENCE_MESSAGES.categoryInUse]: 'reference.messages.categoryInUse',
  [REFERENCE_MESSAGES.businessTypeExists]: 'reference.messages.businessTypeExists',
  [REFERENCE_MESSAGES.businessTypeInUse]: 'reference.messages.businessTypeInUse',
  [REFERENCE_MESSAGES.segmentExists]: 'reference.messages.segmentExists',
  [REFERENCE_MESSAGES.segmentInUse]: 'reference.messages.segmentInUse',
  [`Maximum ${CATEGORY_NAME_MAX} characters`]: 'reference.messages.max100',
  'This field is required': 'reference.messages.required',
});

/** Spec 3 §5: required, at most 100 characters (categories and the other reference names alike). */
function nameError(name: string, max: number): string | null {
  if (name.trim() === '') return 'reference.messages.required';
  if (name.trim().length > max) return 'reference.messages.max100';
  return null;
}

/** The add and edit form of every reference kind: a name plus the kind's own fields. */
function EditDialog({
  open,
  title,
  name,
  onName,
  extra,
  error,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  name: string;
  onName: (value: string) => void;
  extra?: ReactNode;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('reference.name')}
              value={name}
              onChange={(event) => onName(event.target.value)}
              required
              autoFocus
            />
            {extra}
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('reference.cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('reference.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function Section({
  title,
  addLabel,
  onAdd,
  testId,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          <Button startIcon={<AddIcon />} onClick={onAdd} variant="outlined">
            {addLabel}
          </Button>
        </Stack>
        <TableContainer sx={{ maxHeight: 420 }}>{children}</TableContainer>
      </CardContent>
    </Card>
  );
}

function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <IconButton aria-label={t('reference.editNamed', { name })} onClick={onEdit}>
        <EditOutlinedIcon />
      </IconButton>
      <IconButton aria-label={t('reference.deleteNamed', { name })} onClick={onDelete}>
        <DeleteOutlineIcon />
      </IconButton>
    </TableCell>
  );
}

/** Save and delete share their outcome: the spec's success message, or the server's reason. */
function useOutcome() {
  const { t } = useTranslation();
  return {
    saved: () => enqueueSnackbar(t('reference.saved'), { variant: 'success' }),
    deleted: () => enqueueSnackbar(t('reference.deleted'), { variant: 'success' }),
    failed: (error: Error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' }),
    message: (error: Error) => translateMessage(t, error.message),
  };
}

interface Draft<T> {
  editing: T | null;
  name: string;
}

function SegmentsSection({ segments }: { segments: Segment[] }) {
  const { t } = useTranslation();
  const outcome = useOutcome();
  const add = useAddSegment();
  const update = useUpdateSegment();
  const remove = useDeleteSegment();
  const [draft, setDraft] = useState<Draft<Segment> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Segment | null>(null);
  const open = (editing: Segment | null) => {
    setError(null);
    setDraft({ editing, name: editing?.name ?? '' });
  };
  const save = () => {
    if (!draft) return;
    const invalid = nameError(draft.name, REFERENCE_NAME_MAX);
    if (invalid) return setError(t(invalid));
    const done = {
      onSuccess: () => {
        outcome.saved();
        setDraft(null);
      },
      onError: (failure: Error) => setError(outcome.message(failure)),
    };
    if (draft.editing) update.mutate({ plSegmentId: draft.editing.plSegmentId, name: draft.name }, done);
    else add.mutate({ name: draft.name }, done);
  };
  return (
    <Section
      title={t('reference.segments')}
      addLabel={t('reference.addSegment')}
      onAdd={() => open(null)}
      testId="reference-segments"
    >
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{t('reference.name')}</TableCell>
            <TableCell>{t('reference.code')}</TableCell>
            <TableCell align="right">{t('reference.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {segments.map((segment) => (
            <TableRow key={segment.plSegmentId}>
              <TableCell>{segment.name}</TableCell>
              <TableCell>{segment.type}</TableCell>
              <RowActions
                name={segment.name}
                onEdit={() => open(segment)}
                onDelete={() => setToDelete(segment)}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <EditDialog
        open={draft !== null}
        title={t(draft?.editing ? 'reference.editSegment' : 'reference.addSegment')}
        name={draft?.name ?? ''}
        onName={(name) => setDraft((current) => (current ? { ...current, name } : current))}
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
              { plSegmentId: target.plSegmentId },
              { onSuccess: outcome.deleted, onError: outcome.failed },
            );
        }}
      />
    </Section>
  );
}

function BusinessTypesSection({
  businessTypes,
  segments,
}: {
  businessTypes: BusinessType[];
  segments: Segment[];
}) {
  const { t } = useTranslation();
  const outcome = useOutcome();
  const add = useAddBusinessType();
  const update = useUpdateBusinessType();
  const remove = useDeleteBusinessType();
  const [draft, setDraft] = useState<(Draft<BusinessType> & { segmentIds: number[] }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<BusinessType | null>(null);
  const segmentName = (id: number) =>
    segments.find((segment) => segment.plSegmentId === id)?.name ?? String(id);
  const open = (editing: BusinessType | null) => {
    setError(null);
    setDraft({ editing, name: editing?.name ?? '', segmentIds: editing?.plSegmentIds ?? [] });
  };
  const save = () => {
    if (!draft) return;
    const invalid = nameError(draft.name, REFERENCE_NAME_MAX);
    if (invalid) return setError(t(invalid));
    const done = {
      onSuccess: () => {
        outcome.saved();
        setDraft(null);
      },
      onError: (failure: Error) => setError(outcome.message(failure)),
    };
    const values = { name: draft.name, plSegmentIds: draft.segmentIds };
    if (draft.editing) update.mutate({ plBusinessTypeId: draft.editing.plBusinessTypeId, ...values }, done);
    else add.mutate(values, done);
  };
  return (
    <Section
      title={t('reference.businessTypes')}
      addLabel={t('reference.addBusinessType')}
      onAdd={() => open(null)}
      testId="reference-business-types"
    >
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{t('reference.name')}</TableCell>
            <TableCell>{t('reference.segments')}</TableCell>
            <TableCell align="right">{t('reference.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {businessTypes.map((type) => (
            <TableRow key={type.plBusinessTypeId}>
              <TableCell>{type.name}</TableCell>
              <TableCell>{type.plSegmentIds.map(segmentName).join(', ')}</TableCell>
              <RowActions name={type.name} onEdit={() => open(type)} onDelete={() => setToDelete(type)} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <EditDialog
        open={draft !== null}
        title={t(draft?.editing ? 'reference.editBusinessType' : 'reference.addBusinessType')}
        name={draft?.name ?? ''}
        onName={(name) => setDraft((current) => (current ? { ...current, name } : current))}
        extra={
          <TextField
            select
            label={t('reference.segments')}
            value={draft?.segmentIds ?? []}
            onChange={(event) => {
              const value = event.target.value as unknown as number[];
              setDraft((current) => (current ? { ...current, segmentIds: value } : current));
            }}
            slotProps={{ select: { multiple: true } }}
          >
            {segments.map((segment) => (
              <MenuItem key={segment.plSegmentId} value={segment.plSegmentId}>
                {segment.name}
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
              { plBusinessTypeId: target.plBusinessTypeId },
              { onSuccess: outcome.deleted, onError: outcome.failed },
            );
        }}
      />
    </Section>
  );
}

function CategoriesSection({ categories }: { categories: Category[] }) {
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
