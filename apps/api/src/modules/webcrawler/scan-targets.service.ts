import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { WEB_CRAWLER_FEATURE } from '@trustleaf/domain/reference/features';
import {
  PRODUCT_CODE_FIELDS,
  PRODUCT_DAY_FIELDS,
  WEBCRAWLER_REFUSALS,
  PRODUCT_EXPIRY_BEFORE_RECEIVED_KEY,
  productDaysIssue,
  type CreateProductInput,
  type Product,
  type UpdateProductInput,
  type UpsertWebsiteInput,
  type Website,
} from '@trustleaf/domain/schemas/webcrawler';
import { normaliseProductName, parseSiteUrl, ScanError } from '@trustleaf/scanner';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refusal, validationFailed } from '../../lib/errors.ts';
import { fieldIssue } from '@trustleaf/domain/validation-issues';
import { websiteUrl } from '@trustleaf/domain/rules/crawler-link';
import type { ProductRow, WebcrawlerRepository, WebsiteRow } from './webcrawler.repository.ts';
import { siteKeyOf } from './scan-job.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

export const WEEK_MS = 7 * 24 * 3600 * 1000;
/** A product name the company already has (409), shown on the company page by its key. */
const PRODUCT_EXISTS = { key: 'company.errors.productExists', message: 'This product already exists' };

/** Scheduled re-scans are the Webcrawler's plan feature (spec 3 §6). */
export const RESCAN_FEATURE = WEB_CRAWLER_FEATURE;

/**
 * A site address as the scan form takes it (`websiteUrl`: http or https, a bare host read as https,
 * a host with a dot or localhost), so "notaurl" is refused here rather than failing as a job.
 */
export function parseScanUrl(input: string, field = 'url'): URL {
  const invalid = (reason: string) =>
    new AppError('VALIDATION_FAILED', WEBCRAWLER_REFUSALS.invalidUrl.message, {
      field,
      reason,
      issues: [fieldIssue(field, WEBCRAWLER_REFUSALS.invalidUrl)],
    });
  let url: URL;
  try {
    url = parseSiteUrl(input);
  } catch (error) {
    if (error instanceof ScanError) throw invalid(error.message);
    throw error;
  }
  if (websiteUrl(input) === null) throw invalid(`"${input}" is not a website address`);
  return url;
}

export function toWebsite(w: WebsiteRow): Website {
  return {
    plWebsiteId: w.id,
    plCompanyId: w.companyId,
    url: w.url,
    rescanEnabled: w.rescanEnabled,
    rescanFrequency: 'WEEKLY',
    lastScanAt: w.lastScanAt?.toISOString() ?? null,
    nextScanAt: w.nextScanAt?.toISOString() ?? null,
    lastViolationCheckId: w.lastViolationCheckId,
  };
}

export function toProduct(p: ProductRow): Product {
  return {
    plProductId: p.id,
    plCompanyId: p.companyId,
    name: p.name,
    status: p.status,
    source: p.source,
    metrcNumber: p.metrcNumber,
    sampleNumber: p.sampleNumber,
    lotNumber: p.lotNumber,
    batchNumber: p.batchNumber,
    receivedProductAt: p.receivedProductAt,
    expireDate: p.expireDate,
    createdAt: p.createdAt.toISOString(),
  };
}

type ProductChanges = Partial<
  Pick<
    ProductRow,
    'name' | 'nameKey' | 'status' | (typeof PRODUCT_CODE_FIELDS)[number] | (typeof PRODUCT_DAY_FIELDS)[number]
  >
>;

/** The tracking numbers and days an input sets (null clears one); those it leaves out stay. */
function productDetails(input: CreateProductInput | UpdateProductInput): ProductChanges {
  const values: ProductChanges = {};
  for (const field of [...PRODUCT_CODE_FIELDS, ...PRODUCT_DAY_FIELDS]) {
    const value = input[field];
    if (value !== undefined) values[field] = value;
  }
  return values;
}

/** What the Webcrawler scans: a company's websites (with weekly re-scans) and its product catalogue. */
export function createScanTargetsService({
  companyAccess,
  repo,
  clock,
  featureStatus,
}: {
  companyAccess: CompanyAccess;
  repo: WebcrawlerRepository;
  clock: Clock;
  /** The company's status for a feature key through the one gating rule (billing). */
  featureStatus: (auth: AuthContext, companyId: number, key: string) => Promise<FeatureStatus>;
}) {
  async function access(auth: AuthContext, companyId: number) {
    return companyAccess.require(auth, companyId);
  }

  return {
    async listWebsites(auth: AuthContext, companyId: number) {
      await access(auth, companyId);
      return { websites: (await repo.listWebsites(companyId)).map(toWebsite) };
    },

    async upsertWebsite(auth: AuthContext, input: UpsertWebsiteInput) {
      await access(auth, input.plCompanyId);
      const url = parseScanUrl(input.url);
      const enable = input.rescanEnabled ?? true;
      if (enable) {
        const status = await featureStatus(auth, input.plCompanyId, RESCAN_FEATURE);
        if (status !== 'NORMAL') {
          throw refusal('PLAN_LIMIT_REACHED', WEBCRAWLER_REFUSALS.rescanPlanRequired, {
            reason: RESCAN_FEATURE,
            status,
          });
        }
      }
      const row = await repo.upsertWebsite({
        companyId: input.plCompanyId,
        url: url.origin + '/',
        siteKey: siteKeyOf(url),
        rescanEnabled: enable,
        insertEnabled: enable,
        nextScanAt: new Date(clock.now().getTime() + WEEK_MS),
      });
      return toWebsite(row);
    },

    async deleteWebsite(auth: AuthContext, companyId: number, websiteId: number) {
      await access(auth, companyId);
      if (!(await repo.deleteWebsite(companyId, websiteId)))
        throw refusal('NOT_FOUND', COMMON_REFUSALS.websiteNotFound);
      return { ok: true as const };
    },

    async listProducts(auth: AuthContext, companyId: number) {
      await access(auth, companyId);
      return { products: (await repo.listProducts(companyId)).map(toProduct) };
    },

    async createProduct(auth: AuthContext, input: CreateProductInput) {
      await access(auth, input.plCompanyId);
      const name = input.name.trim();
      const nameKey = normaliseProductName(name) || name.toLowerCase();
      const row = await repo.insertProduct({
        companyId: input.plCompanyId,
        name,
        nameKey,
        status: input.status ?? 'ACTIVE',
        source: 'MANUAL',
        ...productDetails(input),
      });
      if (!row) throw refusal('CONFLICT', PRODUCT_EXISTS);
      return toProduct(row);
    },

    async updateProduct(auth: AuthContext, input: UpdateProductInput) {
      await access(auth, input.plCompanyId);
      const values: ProductChanges = productDetails(input);
      if (input.name !== undefined) {
        values.name = input.name;
        values.nameKey = normaliseProductName(input.name) || input.name.toLowerCase();
        const existing = await repo.findProductByKey(input.plCompanyId, values.nameKey);
        if (existing && existing.id !== input.plProductId) {
          throw refusal('CONFLICT', PRODUCT_EXISTS);
        }
      }
      if (input.status !== undefined) values.status = input.status;
      if (Object.keys(values).length === 0) {
        throw refusal('VALIDATION_FAILED', WEBCRAWLER_REFUSALS.sendAField);
      }
      if (values.receivedProductAt !== undefined || values.expireDate !== undefined) {
        // One day may come alone: it is checked against the other as stored.
        const stored = await repo.findProduct(input.plCompanyId, input.plProductId);
        if (!stored) throw refusal('NOT_FOUND', COMMON_REFUSALS.productNotFound);
        const issue = productDaysIssue({
          receivedProductAt:
            values.receivedProductAt !== undefined ? values.receivedProductAt : stored.receivedProductAt,
          expireDate: values.expireDate !== undefined ? values.expireDate : stored.expireDate,
        });
        if (issue) {
          throw validationFailed([
            { field: 'expireDate', message: issue, key: PRODUCT_EXPIRY_BEFORE_RECEIVED_KEY },
          ]);
        }
      }
      const row = await repo.updateProduct(input.plCompanyId, input.plProductId, values);
      if (!row) throw refusal('NOT_FOUND', COMMON_REFUSALS.productNotFound);
      return toProduct(row);
    },

    async deleteProduct(auth: AuthContext, companyId: number, productId: number) {
      await access(auth, companyId);
      if (!(await repo.deleteProduct(companyId, productId)))
        throw refusal('NOT_FOUND', COMMON_REFUSALS.productNotFound);
      return { ok: true as const };
    },
  };
}
