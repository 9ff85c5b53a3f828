import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { REFERENCE_NAME_MAX, type BusinessType, type Segment } from '@trustleaf/domain/schemas/reference';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import {
  useAddBusinessType,
  useAddSegment,
  useDeleteBusinessType,
  useDeleteSegment,
  useUpdateBusinessType,
  useUpdateSegment,
} from '../api/reference-admin';
import { EditDialog, nameError, RowActions, Section, useOutcome, type Draft } from './reference-parts';

export function SegmentsSection({ segments }: { segments: Segment[] }) {
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

export function BusinessTypesSection({
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
