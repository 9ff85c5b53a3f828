import { upsertWebsite as contract } from '@trustleaf/domain/api/webcrawler';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { getWebsitesQueryOptions } from './get-websites';
import { useWebcrawlerMutation } from './use-webcrawler-mutation';

export const upsertWebsite = (input: EndpointInput<typeof contract>) => api.call(contract, input);

/** Adds a website or switches its re-scan; a plan without re-scans answers 402 with the reason. */
export const useUpsertWebsite = (plCompanyId: number) =>
  useWebcrawlerMutation(
    (input: Omit<EndpointInput<typeof contract>, 'plCompanyId'>) => upsertWebsite({ ...input, plCompanyId }),
    [getWebsitesQueryOptions(plCompanyId).queryKey],
  );
