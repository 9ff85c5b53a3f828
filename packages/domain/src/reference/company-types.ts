/** Spec 1 §1: the 17 company types, and which segments each belongs to (spec 3 §5: a cannabis
 * company cannot be a processor; a hemp company cannot be a manufacturer). */
export const SEGMENTS = [
  { id: 1, name: 'Cannabis', type: 'CANNABIS' },
  { id: 2, name: 'Hemp', type: 'HEMP' },
  { id: 3, name: 'Ancillary', type: 'ANCILLARY' },
] as const;
export const SEGMENT_IDS: readonly number[] = SEGMENTS.map((segment) => segment.id);

const CANNABIS = 1;
const HEMP = 2;
const ANCILLARY = 3;

export const COMPANY_TYPES = [
  { id: 1, name: 'Distributor', type: 'DISTRIBUTOR', plSegmentIds: [CANNABIS, HEMP] },
  { id: 2, name: 'Processor', type: 'PROCESSOR', plSegmentIds: [HEMP] },
  { id: 3, name: 'Retailer', type: 'RETAILER', plSegmentIds: [CANNABIS, HEMP] },
  { id: 4, name: 'Cultivator', type: 'CULTIVATOR', plSegmentIds: [CANNABIS, HEMP] },
  { id: 5, name: 'Manufacturer', type: 'MANUFACTURER', plSegmentIds: [CANNABIS] },
  { id: 6, name: 'Dispensary', type: 'DISPENSARY', plSegmentIds: [CANNABIS] },
  { id: 7, name: 'Lab', type: 'LAB', plSegmentIds: [CANNABIS, HEMP] },
  { id: 8, name: 'Testing', type: 'TESTING', plSegmentIds: [CANNABIS, HEMP] },
  { id: 9, name: 'Marketer', type: 'MARKETER', plSegmentIds: [CANNABIS, HEMP, ANCILLARY] },
  { id: 10, name: 'Microbusiness', type: 'MICROBUSINESS', plSegmentIds: [CANNABIS] },
  { id: 11, name: 'Research', type: 'RESEARCH', plSegmentIds: [CANNABIS, HEMP, ANCILLARY] },
  { id: 12, name: 'Delivery', type: 'DELIVERY', plSegmentIds: [CANNABIS] },
  { id: 13, name: 'Event', type: 'EVENT', plSegmentIds: [CANNABIS, ANCILLARY] },
  { id: 14, name: 'Hemp Seed', type: 'HEMP_SEED', plSegmentIds: [HEMP] },
  { id: 15, name: 'Consumption', type: 'CONSUMPTION', plSegmentIds: [CANNABIS] },
  { id: 16, name: 'Merchant Processor', type: 'MERCHANT_PROCESSOR', plSegmentIds: [ANCILLARY] },
  { id: 17, name: 'Digital Registry', type: 'DIGITAL_REGISTRY', plSegmentIds: [ANCILLARY] },
] as const;

/** Spec 3 §3 "Document kinds": the classifications a document type can carry. */
export const DOCTYPE_CLASSIFICATIONS = ['LICENSE', 'CERTIFICATION', 'GENERIC'] as const;
