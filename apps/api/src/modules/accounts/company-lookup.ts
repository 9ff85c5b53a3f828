import { COMPANY_TYPES } from '@trustleaf/domain/reference/company-types';
import type {
  CompanyFilterListingInputSchema,
  CompanyListingInputSchema,
  CompanyOption,
  ProspectDetail,
} from '@trustleaf/domain/schemas/accounts';
import type { z } from 'zod';
import { refusal } from '../../lib/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { claimHash } from './claim-code.ts';
import { REFUSALS } from './sign-up-refusals.ts';

function toOption(row: {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}): CompanyOption {
  return {
    plCompanyId: row.id,
    companyName: row.name,
    locations: [
      {
        address: row.address ?? '',
        city: row.city ?? '',
        state: row.state ?? '',
        zip: row.zip ?? '',
        country: row.country ?? '',
      },
    ],
  };
}

/** The sign-up pages' company search: registered companies and prospects, and a prospect by its claim code. */
export function createCompanyLookup(repo: AccountsRepository) {
  return {
    async companyFilterListing(input: z.output<typeof CompanyFilterListingInputSchema>) {
      const { itemsPerPage, currentPage } = input.paginationOption;
      const { rows, total } = await repo.filterCompanies({
        name: input.companyName,
        state: input.officeAddress.state,
        kinds: input.companyType.map((type) => (type === 'registered' ? 'REGISTERED' : 'PROSPECT')),
        exact: input.companyNameValidation,
        limit: Math.min(itemsPerPage, 20),
        offset: (currentPage - 1) * itemsPerPage,
      });
      return { items: rows.map(toOption), totalItems: total };
    },

    async companyListing(input: z.output<typeof CompanyListingInputSchema>) {
      const { itemsPerPage, currentPage } = input.paginationOption;
      const { rows, total } = await repo.searchOpenProspects(
        input.companyName,
        itemsPerPage,
        (currentPage - 1) * itemsPerPage,
      );
      return { items: rows.map(toOption), totalItems: total };
    },

    async getProspectDetail(claimCode: string): Promise<ProspectDetail> {
      const found = await repo.findProspectByClaimHash(claimHash(claimCode));
      if (!found || found.prospect.claimedAt) throw refusal('NOT_FOUND', REFUSALS.invalidClaim);
      const { company, prospect } = found;
      return {
        plCompanyId: company.id,
        companyName: company.name,
        companyType: COMPANY_TYPES.find((entry) => entry.id === company.businessTypeId)?.type ?? null,
        officeAddress: toOption(company).locations[0]!,
        plSegmentIds: prospect.segmentIds,
        claimCode: claimCode.trim().toUpperCase(),
        prospectContact: {
          firstName: prospect.contactFirstName,
          lastName: prospect.contactLastName,
          email: prospect.contactEmail,
          phone: prospect.contactPhone,
        },
      };
    },
  };
}
