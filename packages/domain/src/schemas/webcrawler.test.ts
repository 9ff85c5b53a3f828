import { describe, expect, it } from 'vitest';
import { ScanRequestSchema, ScanUrlListingQuerySchema, UpdateFindingInputSchema } from './webcrawler.ts';

describe('webcrawler schemas', () => {
  it('drops blank additional words and fills the scan request defaults', () => {
    const parsed = ScanRequestSchema.parse({
      plCompanyId: 1,
      url: ' https://greenleaf.example ',
      additionalWords: [' wonder oil ', '', '   '],
    });
    expect(parsed).toEqual({
      plCompanyId: 1,
      url: 'https://greenleaf.example',
      additionalWords: ['wonder oil'],
      isIncludedVideo: false,
      verifyProduct: false,
      analyzeImage: true,
      autoCreateProduct: false,
    });
  });

  it('reads comma-separated statuses and refuses an unknown one', () => {
    expect(ScanUrlListingQuerySchema.parse({ plCompanyId: '3', statuses: 'processing,completed' })).toEqual({
      plCompanyId: 3,
      statuses: ['processing', 'completed'],
    });
    expect(ScanUrlListingQuerySchema.safeParse({ plCompanyId: '3', statuses: 'done' }).success).toBe(false);
  });

  it('refuses unknown fields on a finding update', () => {
    expect(UpdateFindingInputSchema.safeParse({ id: '4', isReviewed: true }).success).toBe(true);
    expect(
      UpdateFindingInputSchema.safeParse({ id: '4', severity: 'SEVERE', isCompliant: true }).success,
    ).toBe(false);
    expect(UpdateFindingInputSchema.safeParse({ id: '4', plCompanyId: 2 }).success).toBe(false);
  });
});
