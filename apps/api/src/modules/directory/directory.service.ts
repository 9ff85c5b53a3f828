import type { DirectoryPage, DirectoryQuery } from '@trustleaf/domain/schemas/directory';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { DirectoryRepository } from './directory.repository.ts';

export interface DirectoryServiceDeps {
  repo: DirectoryRepository;
  clock: Clock;
  /** The public URL: the base of every profile address. */
  appUrl: string;
}

/** The public directory: no caller, no company scope; it shows only what the trust profile shows. */
export function createDirectoryService({ repo, clock, appUrl }: DirectoryServiceDeps) {
  const origin = appUrl.replace(/\/+$/, '');
  return {
    filterChoices: () => repo.filterChoices(),

    async search(query: DirectoryQuery): Promise<DirectoryPage> {
      if (query.sort === 'relevance' && query.q === undefined) {
        throw new AppError('VALIDATION_FAILED', 'Sorting by relevance needs a search');
      }
      const sort = query.sort ?? (query.q === undefined ? 'name' : 'relevance');
      // One row more than the page tells whether a next page exists, without counting every match.
      const rows = await repo.search({
        ...(query.q === undefined ? {} : { q: query.q }),
        ...(query.plBusinessTypeId === undefined ? {} : { businessTypeId: query.plBusinessTypeId }),
        ...(query.state === undefined ? {} : { state: query.state }),
        ...(query.plSegmentId === undefined ? {} : { segmentId: query.plSegmentId }),
        ...(query.seal === undefined ? {} : { seal: query.seal }),
        sort,
        limit: query.pageSize + 1,
        offset: (query.page - 1) * query.pageSize,
        now: clock.now(),
      });
      return {
        items: rows.slice(0, query.pageSize).map((row) => ({
          plCompanyId: row.id,
          name: row.name,
          slug: row.slug,
          profileUrl: `${origin}/trust/${row.slug}`,
          businessType: row.businessType,
          city: row.city,
          state: row.state,
          country: row.country,
          memberSince: row.createdAt.toISOString().slice(0, 10),
          hasSeal: row.hasSeal,
        })),
        page: query.page,
        pageSize: query.pageSize,
        hasMore: rows.length > query.pageSize,
        sort,
      };
    },
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
