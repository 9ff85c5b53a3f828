import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { generalInfo } from '@trustleaf/domain/api/reference';
import { GENERAL_INFO_FIELDS } from '@trustleaf/domain/schemas/reference';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, handle, sentRequests, sentTo, server } from '@/testing/msw';
import { createTestQueryClient } from '@/testing/test-utils';
import { EMPTY_GENERAL_INFO, getGeneralInfo, useGeneralInfo } from './general-info';

describe('getGeneralInfo', () => {
  it('returns the requested lists and fills the others with empty ones', async () => {
    server.use(handle(generalInfo, () => ({ segments: [{ id: 1, name: 'Cannabis', type: 'CANNABIS' }] })));
    const info = await getGeneralInfo(['segments']);
    expect(info.segments).toEqual([{ id: 1, name: 'Cannabis', type: 'CANNABIS' }]);
    expect(info.businessTypes).toEqual([]);
    expect(sentRequests()[0]?.url.pathname).toBe('/api/general/generalInfo');
    expect(sentTo(generalInfo)).toEqual([{ requestFields: ['segments'] }]);
  });

  it('logs a failure and empties every list', async () => {
    server.use(
      handle(generalInfo, () => apiError(400, 'VALIDATION_FAILED', 'requestFields.0: Invalid option')),
    );
    const log = vi.fn();
    const info = await getGeneralInfo(['roles'], log);
    expect(info).toEqual(EMPTY_GENERAL_INFO);
    expect(log).toHaveBeenCalledWith(
      'Global data could not be loaded',
      expect.objectContaining({ message: 'requestFields.0: Invalid option' }),
    );
  });
});

describe('useGeneralInfo', () => {
  it('loads every list once for all the screens that read them', async () => {
    server.use(
      handle(generalInfo, () => ({
        businessTypes: [{ id: 3, name: 'Retailer', type: 'RETAILER', plSegmentIds: [1] }],
        countries: [{ name: 'United States', code: 'US' }],
      })),
    );
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const shell = renderHook(() => useGeneralInfo(), { wrapper });
    const vault = renderHook(() => useGeneralInfo((info) => info.businessTypes), { wrapper });
    await waitFor(() => expect(vault.result.current.data).toHaveLength(1));
    expect(shell.result.current.data?.countries).toHaveLength(1);
    // A second screen opened later reads the same answer without asking again.
    const dialog = renderHook(() => useGeneralInfo((info) => info.countries), { wrapper });
    expect(dialog.result.current.data).toHaveLength(1);
    expect(sentTo(generalInfo)).toEqual([{ requestFields: [...GENERAL_INFO_FIELDS] }]);
  });
});
