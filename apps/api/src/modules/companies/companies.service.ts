import { companyAllowsSignIn, companyStatusMoveError } from '@trustleaf/domain/rules/company-status';
import {
  COMPANY_EXPORT_MAX_ROWS,
  type ChangeBusinessTypeInput,
  type CompanyFilter,
  type CompanyListing,
  type CompanyListingInputSchema,
  type UpdateCompanyStatusInputSchema,
} from '@trustleaf/domain/schemas/admin';
import { DUPLICATE_COMPANY_NAME, LOCATIONS_MAX } from '@trustleaf/domain/rules/company-fields';
import {
  businessTypeCodeOf,
  businessTypeIdOf,
  type CompanyDetail,
  type Location,
  type LocationListing,
  type RtqSubmission,
  type UpdateCompanyDetailInputSchema,
  type UpsertLocationInputSchema,
} from '@trustleaf/domain/schemas/company';
import type { z } from 'zod';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { CompaniesRepository } from './companies.repository.ts';
import { COMMON_REFUSALS, NAMED_REFUSALS } from '@trustleaf/domain/refusals';

/** The company page's and the admin's refusals (409) with their locale keys. */
const COMPANY_REFUSALS = {
  duplicate: DUPLICATE_COMPANY_NAME,
  statusChanged: {
    key: 'adminCompanies.refusals.statusChanged',
    message: 'The company status changed meanwhile. Please reload and try again.',
  },
};

/** Who may edit a company's page: its owner and admins (a super admin passes the gate too). */
const EDITORS = ['Company Owner', 'Company Admin'] as const;

type LocationRow = NonNullable<Awaited<ReturnType<CompaniesRepository['updateLocation']>>>;

function toLocation(row: LocationRow): Location {
  return {
    plLocationId: row.id,
    plCompanyId: row.companyId,
    locationName: row.name,
    siteType: row.siteType as Location['siteType'],
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface CompaniesServiceDeps {
  companyAccess: CompanyAccess;
  repo: CompaniesRepository;
  record: RecordActivity;
  clock: Clock;
  /** Ends every sign-in of the user, live sockets included; returns how many. */
  revokeUserSessions: (userId: number, reason: string) => Promise<number>;
}

/** The super admin's screens: everyone else is refused outright (spec 3 §6). */
export function requireSuperAdmin(auth: AuthContext): void {
  if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
}

export function createCompaniesService({
  companyAccess,
  repo,
  record,
  clock,
  revokeUserSessions,
}: CompaniesServiceDeps) {
  async function companyOrNotFound(companyId: number) {
    const found = await repo.findCompany(companyId);
    if (!found || found.company.isSystem) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
    return found;
  }

  async function detailOf(companyId: number): Promise<CompanyDetail> {
    const found = await repo.findCompany(companyId);
    if (!found) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
    const { company } = found;
    return {
      plCompanyId: company.id,
      companyName: company.name,
      businessType: found.businessType,
      businessTypeCode: businessTypeCodeOf(company.businessTypeId),
      plSegmentIds: await repo.segmentIds(companyId),
      corporateOfficeAddress: company.address,
      city: company.city,
      state: company.state,
      zip: company.zip,
      country: company.country,
      phone: company.phone,
      email: company.email,
      website: company.website,
      employees: company.employees,
      incorporationType: company.incorporationType,
      taxId: company.taxId,
      kind: company.kind,
      status: company.status,
      resourcePhoto: company.logoUrl ? { url: company.logoUrl } : null,
      members: await repo.listMembers(companyId),
    };
  }

  /** The owner or an admin of a customer company, or a super admin acting for it. */
  async function requireEditor(auth: AuthContext, companyId: number) {
    await companyAccess.require(auth, companyId, EDITORS);
    await companyOrNotFound(companyId);
  }

  return {
    async getCompanyDetail(auth: AuthContext, companyId: number): Promise<CompanyDetail> {
      await companyAccess.require(auth, companyId);
      return detailOf(companyId);
    },

    /** Spec 3 §5 rules are the input schema's; the duplicate name is checked here, under a lock. */
    async updateCompanyDetail(
      auth: AuthContext,
      input: z.output<typeof UpdateCompanyDetailInputSchema>,
    ): Promise<CompanyDetail> {
      await requireEditor(auth, input.plCompanyId);
      const before = await detailOf(input.plCompanyId);
      const empty = (value: string) => (value === '' ? null : value);
      const saved = await repo.saveDetail(
        input.plCompanyId,
        {
          name: input.companyName,
          businessTypeId: businessTypeIdOf(input.businessType),
          address: empty(input.corporateOfficeAddress),
          city: empty(input.city),
          state: input.state,
          zip: empty(input.zip),
          country: input.country,
          phone: empty(input.phone),
          email: empty(input.email),
          website: empty(input.website),
          employees: input.employees,
          incorporationType: empty(input.incorporationType),
          taxId: empty(input.taxId),
        },
        [...new Set(input.plSegmentIds)].sort((a, b) => a - b),
      );
      if (!saved) {
        throw refusal('CONFLICT', COMPANY_REFUSALS.duplicate, { reason: 'DUPLICATE_COMPANY' });
      }
      const after = await detailOf(input.plCompanyId);
      const changed = (Object.keys(after) as (keyof CompanyDetail)[]).filter(
        (key) => key !== 'members' && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      await record({
        action: 'COMPANY_UPDATED',
        actorUserId: auth.userId,
        companyId: input.plCompanyId,
        detail: {
          changed: changed.join(', '),
          ...(before.companyName !== after.companyName
            ? { from: before.companyName, to: after.companyName }
            : {}),
        },
      });
      return after;
    },

    async locationListing(auth: AuthContext, companyId: number): Promise<LocationListing> {
      await companyAccess.require(auth, companyId);
      return { locations: (await repo.listLocations(companyId)).map(toLocation) };
    },

    async upsertLocation(auth: AuthContext, input: z.output<typeof UpsertLocationInputSchema>) {
      await requireEditor(auth, input.plCompanyId);
      const values = {
        name: input.locationName,
        siteType: input.siteType,
        address: input.address,
        city: input.city,
        state: input.state,
        zip: input.zip,
        country: input.country,
      };
      const row =
        input.plLocationId === undefined
          ? await repo.insertLocation(input.plCompanyId, values, LOCATIONS_MAX)
          : await repo.updateLocation(input.plCompanyId, input.plLocationId, values);
      if (!row) {
        if (input.plLocationId !== undefined) throw refusal('NOT_FOUND', COMMON_REFUSALS.locationNotFound);
        throw refusal('CONFLICT', NAMED_REFUSALS.locationsMax(LOCATIONS_MAX));
      }
      await record({
        action: input.plLocationId === undefined ? 'LOCATION_ADDED' : 'LOCATION_UPDATED',
        actorUserId: auth.userId,
        companyId: input.plCompanyId,
        detail: { plLocationId: row.id, name: row.name, siteType: row.siteType },
      });
      return toLocation(row);
    },
    /** Spec 3 §7 submitRtq {plCompanyId}: once per company; a repeat answers the first submission. */
    async submitRtq(auth: AuthContext, companyId: number): Promise<RtqSubmission> {
      await requireEditor(auth, companyId);
      const { row, created } = await repo.submitRtq(companyId, auth.userId, clock.now());
      if (created) await record({ action: 'RTQ_SUBMITTED', actorUserId: auth.userId, companyId });
      return {
        plCompanyId: row.companyId,
        submittedAt: row.submittedAt.toISOString(),
        submittedBy: row.submittedBy,
      };
    },

    async companyListing(
      auth: AuthContext,
      input: z.output<typeof CompanyListingInputSchema>,
    ): Promise<CompanyListing> {
      requireSuperAdmin(auth);
      const { currentPage, itemsPerPage, ...filter } = input;
      return repo.listCompanies(filter, { offset: (currentPage - 1) * itemsPerPage, limit: itemsPerPage });
    },

    /**
     * The rows of an export, counted first (the client shows progress against the count). Past spec 3
     * §9's 10000 rows the export is refused whole, never cut short without the admin knowing.
     */
    async exportCompanies(auth: AuthContext, filter: CompanyFilter) {
      requireSuperAdmin(auth);
      const total = await repo.countCompanies(filter);
      if (total > COMPANY_EXPORT_MAX_ROWS) {
        throw refusal(
          'VALIDATION_FAILED',
          NAMED_REFUSALS.exportTooLarge({ max: COMPANY_EXPORT_MAX_ROWS, total }),
        );
      }
      return { total, batches: repo.eachCompanyBatch(filter) };
    },

    /**
     * SUSPENDED and TERMINATED end the members' sign-ins at once (login refuses them afterwards);
     * the change is in the company's log under the admin's name.
     */
    async updateCompanyStatus(auth: AuthContext, input: z.output<typeof UpdateCompanyStatusInputSchema>) {
      requireSuperAdmin(auth);
      const { company } = await companyOrNotFound(input.plCompanyId);
      const from = company.status;
      const refused = companyStatusMoveError(from, input.status);
      if (refused) throw refusal('CONFLICT', refused);
      if (!(await repo.setStatus(company.id, from, input.status))) {
        throw refusal('CONFLICT', COMPANY_REFUSALS.statusChanged);
      }
      let signedOut = 0;
      if (!companyAllowsSignIn(input.status)) {
        for (const userId of await repo.memberUserIds(company.id)) {
          signedOut += await revokeUserSessions(userId, `company ${input.status.toLowerCase()}`);
        }
      }
      await record({
        action: 'COMPANY_STATUS_CHANGED',
        actorUserId: auth.userId,
        companyId: company.id,
        detail: { from, to: input.status, signedOut },
      });
      return { plCompanyId: company.id, status: input.status, signedOut };
    },

    async changeBusinessType(auth: AuthContext, input: ChangeBusinessTypeInput) {
      requireSuperAdmin(auth);
      const { company, businessType: previous } = await companyOrNotFound(input.plCompanyId);
      const next = await repo.findBusinessType(input.businessTypeId);
      if (!next) throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.unknownBusinessType);
      if (company.businessTypeId === next.id) {
        throw refusal('CONFLICT', NAMED_REFUSALS.alreadyBusinessType(next.name));
      }
      await repo.setBusinessType(company.id, next.id);
      await record({
        action: 'BUSINESS_TYPE_CHANGED',
        actorUserId: auth.userId,
        companyId: company.id,
        detail: { from: previous, to: next.name },
      });
      return { plCompanyId: company.id, businessTypeId: next.id, businessType: next.name };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
