import { startScanProduct as contract } from '@trustleaf/domain/api/webcrawler';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { getProductScansQueryOptions } from './get-product-scans';
import { getWebsitesQueryOptions } from './get-websites';
import { useWebcrawlerMutation } from './use-webcrawler-mutation';

export const startProductScan = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useStartProductScan = (plCompanyId: number) =>
  useWebcrawlerMutation(
    (input: Omit<EndpointInput<typeof contract>, 'plCompanyId'>) =>
      startProductScan({ ...input, plCompanyId }),
    [getProductScansQueryOptions(plCompanyId).queryKey, getWebsitesQueryOptions(plCompanyId).queryKey],
  );
