import MenuItem from '@mui/material/MenuItem';
import {
  AddBusinessTypeInputSchema,
  AddSegmentInputSchema,
  type AddBusinessTypeInput,
  type AddSegmentInput,
  type BusinessType,
  type Segment,
} from '@trustleaf/domain/schemas/reference';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { companyTypeLabel, segmentLabel } from '@/lib/company-type-label';
import { useAddBusinessType } from '../api/add-business-type';
import { useAddSegment } from '../api/add-segment';
import { useDeleteBusinessType } from '../api/delete-business-type';
import { useDeleteSegment } from '../api/delete-segment';
import { useUpdateBusinessType } from '../api/update-business-type';
import { useUpdateSegment } from '../api/update-segment';
import { ReferenceSection } from './reference-section';

const toIds = (raw: unknown) => (typeof raw === 'string' ? raw.split(',').map(Number) : raw);

export function SegmentsSection({ segments }: { segments: Segment[] }) {
  const { t } = useTranslation();
  const add = useAddSegment();
  const update = useUpdateSegment();
  const remove = useDeleteSegment();
  return (
    <ReferenceSection<Segment, AddSegmentInput>
      kind={{
        title: t('reference.segments'),
        addLabel: t('reference.addSegment'),
        editTitle: t('reference.editSegment'),
        testId: 'reference-segments',
        items: segments,
        idOf: (segment) => segment.plSegmentId,
        nameOf: (segment) => segmentLabel(t, segment),
        columns: [{ label: t('reference.code'), cell: (segment) => segment.type }],
        schemaFor: () => AddSegmentInputSchema,
        valuesOf: (editing) => ({ name: editing?.name ?? '' }),
        save: (values, editing) =>
          editing
            ? update.mutateAsync({ plSegmentId: editing.plSegmentId, ...values })
            : add.mutateAsync(values),
        busy: add.isPending || update.isPending,
        remove: (segment) => remove.mutateAsync({ plSegmentId: segment.plSegmentId }),
      }}
    />
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
  const add = useAddBusinessType();
  const update = useUpdateBusinessType();
  const remove = useDeleteBusinessType();
  const segmentName = (id: number) => {
    const segment = segments.find((known) => known.plSegmentId === id);
    return segment ? segmentLabel(t, segment) : String(id);
  };
  return (
    <ReferenceSection<BusinessType, AddBusinessTypeInput>
      kind={{
        title: t('reference.businessTypes'),
        addLabel: t('reference.addBusinessType'),
        editTitle: t('reference.editBusinessType'),
        testId: 'reference-business-types',
        items: businessTypes,
        idOf: (type) => type.plBusinessTypeId,
        nameOf: (type) => companyTypeLabel(t, type.name),
        columns: [
          { label: t('reference.segments'), cell: (type) => type.plSegmentIds.map(segmentName).join(', ') },
        ],
        schemaFor: () => AddBusinessTypeInputSchema,
        valuesOf: (editing) => ({ name: editing?.name ?? '', plSegmentIds: editing?.plSegmentIds ?? [] }),
        fields: (control) => (
          <FormField
            control={control}
            name="plSegmentIds"
            label={t('reference.segments')}
            select
            multiple
            parse={toIds}
          >
            {segments.map((segment) => (
              <MenuItem key={segment.plSegmentId} value={segment.plSegmentId}>
                {segmentLabel(t, segment)}
              </MenuItem>
            ))}
          </FormField>
        ),
        save: (values, editing) =>
          editing
            ? update.mutateAsync({ plBusinessTypeId: editing.plBusinessTypeId, ...values })
            : add.mutateAsync(values),
        busy: add.isPending || update.isPending,
        remove: (type) => remove.mutateAsync({ plBusinessTypeId: type.plBusinessTypeId }),
      }}
    />
  );
}
