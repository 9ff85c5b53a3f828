import {
  CompanyDetailSchema,
  CompanyIdInputSchema,
  LocationListingSchema,
  LocationSchema,
  RtqSubmissionSchema,
  UpdateCompanyDetailInputSchema,
  UpsertLocationInputSchema,
} from '../schemas/company.ts';
import { endpoint } from './endpoint.ts';

/**
 * The customer's company page (spec 3 §2 company page tabs summary and locations; §7 company
 * wrappers). Reading is for any member; editing for the company's owner or admin, or a super admin
 * acting for the company (recorded in its activity log under the admin's name).
 */
const tag = 'company';

export const getCompanyDetail = endpoint({
  method: 'POST',
  path: '/api/company/getCompanyDetail',
  input: CompanyIdInputSchema,
  output: CompanyDetailSchema,
  access: 'user',
  tag,
  summary: 'A company’s details',
  description:
    'Name, type of company, industry, address, contacts, website, employee count, incorporation type, federal tax id, logo, status and members of a company the caller belongs to (any company for a super admin); other companies are NOT_FOUND.',
});

export const updateCompanyDetail = endpoint({
  method: 'POST',
  path: '/api/company/updateCompanyDetail',
  input: UpdateCompanyDetailInputSchema,
  output: CompanyDetailSchema,
  access: 'user',
  tag,
  summary: "Edit a company's details (owner or admin)",
  description:
    "The company's owner or admin (or a super admin acting for it) replaces its name, type of company, industry, address, contacts, website, employee count, incorporation type and federal tax id, with spec 3 §5's rules: name at most 60 characters, state exactly 2 characters (upper-cased), employees at least 1, the tax id as 00-0000000 (checked for the US only), http(s) URLs of a valid domain, no cannabis processor and no hemp manufacturer. A name that another registered company in the same state already has, ignoring case, spaces and an llc/inc/co/ltd/corp suffix, is CONFLICT (Duplicate). Users and weak users are FORBIDDEN; other companies are NOT_FOUND. Recorded in the company's activity log.",
  errors: ['CONFLICT'],
});

export const upsertLocation = endpoint({
  method: 'POST',
  path: '/api/company/upsertLocation',
  input: UpsertLocationInputSchema,
  output: LocationSchema,
  access: 'user',
  tag,
  summary: 'Add or change a location of a company (owner or admin)',
  description:
    "Adds a location (name, site type of spec 3 §3, address, city, 2-character state, zip, country) to the company, or changes one of its locations when plLocationId is given. The company's owner or admin (or a super admin acting for it) may; users and weak users are FORBIDDEN; another company's location or company is NOT_FOUND; past 200 locations is CONFLICT. Recorded in the company's activity log.",
  errors: ['CONFLICT'],
});

export const locationListing = endpoint({
  method: 'POST',
  path: '/api/company/locationListing',
  input: CompanyIdInputSchema,
  output: LocationListingSchema,
  access: 'user',
  tag,
  summary: "A company's locations",
  description:
    'Every location of a company the caller belongs to (any company for a super admin), by name. Other companies are NOT_FOUND.',
});

export const submitRtq = endpoint({
  method: 'POST',
  path: '/api/company/submitRtq',
  input: CompanyIdInputSchema,
  output: RtqSubmissionSchema,
  access: 'user',
  tag,
  summary: "Submit the company's Road to Qredibility (owner or admin)",
  description:
    "The company's owner or admin (or a super admin acting for it) submits its Road to Qredibility (RTQ): the documents reviewers mark as required for it are handed in for review. The submission is recorded once with its time and submitter, and answered; submitting again answers the first submission unchanged. Users and weak users are FORBIDDEN; other companies are NOT_FOUND. Recorded in the company's activity log.",
});
