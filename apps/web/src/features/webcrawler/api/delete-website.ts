import { deleteWebsite as contract } from '@trustleaf/domain/api/webcrawler';
import { api } from '@/lib/api';
import { getWebsitesQueryOptions } from './get-websites';
import { useWebcrawlerMutation } from './use-webcrawler-mutation';

export const deleteWebsite = (plCompanyId: number, plWebsiteId: number) =>
  api.call(contract, { plCompanyId, plWebsiteId });

export const useDeleteWebsite = (plCompanyId: number) =>
  useWebcrawlerMutation(
    (plWebsiteId: number) => deleteWebsite(plCompanyId, plWebsiteId),
    [getWebsitesQueryOptions(plCompanyId).queryKey],
  );
