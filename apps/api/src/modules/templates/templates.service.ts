import { createHash } from 'node:crypto';
import {
  applyTextOverrides,
  templateElement,
  textOverrides,
  type AppliedElement,
} from '@trustleaf/domain/rules/site-template';
import { DEFAULT_LOGO_SVG } from '@trustleaf/domain/rules/site-template-logo';
import {
  TEMPLATE_REFUSALS,
  type AddTemplateElementInputSchema,
  type AddTemplateInputSchema,
  type Branding,
  type SiteTemplate,
  type SiteTemplateDetail,
  type TemplateElement,
  type UpdateTemplateElementInputSchema,
  type UpdateTemplateInputSchema,
} from '@trustleaf/domain/schemas/site-template';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import type { InTransaction } from '../../lib/transaction.ts';
import type { FilesService } from '../files/files.service.ts';
import type { ElementRow, TemplateRow, TemplatesRepository } from './templates.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

export interface TemplatesServiceDeps {
  companyAccess: Pick<CompanyAccess, 'requireCompany'>;
  inTransaction: InTransaction;
  repo: TemplatesRepository;
  files: Pick<FilesService, 'findUpload' | 'getFileUrl'>;
  /** Reads a logo for documents the server draws (the report PDF). */
  storage: Pick<Storage, 'read'>;
}

/** What a document the server draws takes from a site template: its phrase lookup and its logo. */
export interface DocumentBranding {
  phrase: (key: string, text: string) => string;
  /**
   * The logo's bytes: the template's image (PNG, JPEG, GIF or WebP), else the default logo (an SVG);
   * none when the template turns the logo off.
   */
  logo?: Buffer;
}

/** Image uploads the report draws (GIF and WebP converted by the report itself). */
const PDF_IMAGE_TYPES = new Set(['png', 'jpg', 'gif', 'webp']);

/** A binding already held by another template reads as 409, not as a database failure. */
function bindingConflict(error: unknown): never {
  if (isUniqueViolation(error, 'site_templates_domain'))
    throw refusal('CONFLICT', TEMPLATE_REFUSALS.domainTaken);
  if (isUniqueViolation(error, 'site_templates_company'))
    throw refusal('CONFLICT', TEMPLATE_REFUSALS.companyTaken);
  throw error;
}

function toTemplate(row: TemplateRow): SiteTemplate {
  return {
    plSiteTemplateId: row.id,
    name: row.name,
    status: row.status,
    parentSiteTemplateId: row.parentId,
    plCompanyId: row.companyId,
    domain: row.domain,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface BrandingQuery {
  siteTemplateId?: number | undefined;
  plCompanyId?: number | undefined;
  /** The request's host name (no port), compared exactly with the domains templates are bound to. */
  host: string;
}

/** An element as pages apply it (the public branding answer). */
function toApplied(element: ElementRow): AppliedElement {
  return {
    elementName: element.elementName,
    elementType: element.elementType,
    enabled: element.enabled,
    text: element.useTextOverride ? element.textOverride : null,
    imageUrl: publicImageUrl(element),
  };
}

/** The public link of a published element's image; the version changes with the image, so caches follow. */
export function publicImageUrl(element: Pick<ElementRow, 'id' | 'imageKey'>): string | null {
  if (!element.imageKey) return null;
  const version = createHash('sha256').update(element.imageKey).digest('hex').slice(0, 12);
  return `/api/siteTemplate/image/${element.id}?v=${version}`;
}

/**
 * Site templates (spec 3 §7): only a super admin reads or changes them, and elements change only on a
 * DRAFT, so what visitors see moves only with applyDraft. Pages read the published template through
 * `branding`, which anyone may call.
 */
export function createTemplatesService({
  companyAccess,
  inTransaction,
  repo,
  files,
  storage,
}: TemplatesServiceDeps) {
  function requireSuperAdmin(auth: AuthContext): void {
    if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.templatesSuperAdminOnly);
  }

  async function templateOrThrow(id: number): Promise<TemplateRow> {
    const row = await repo.find(id);
    if (!row) throw refusal('NOT_FOUND', TEMPLATE_REFUSALS.notFound);
    return row;
  }

  async function draftOrThrow(id: number): Promise<TemplateRow> {
    const row = await templateOrThrow(id);
    if (row.status !== 'DRAFT') throw refusal('CONFLICT', TEMPLATE_REFUSALS.onlyDraftEditable);
    return row;
  }

  async function requireCompany(companyId: number | null | undefined): Promise<void> {
    if (companyId === null || companyId === undefined) return;
    await companyAccess.requireCompany(companyId);
  }

  /** An image must be an image upload (checked by content when stored) that the caller made. */
  async function checkImage(auth: AuthContext, key: string | null | undefined): Promise<void> {
    if (key === null || key === undefined) return;
    const upload = await files.findUpload(key);
    if (!upload || upload.mode !== 'image' || upload.uploadedBy !== auth.userId) {
      throw refusal('VALIDATION_FAILED', TEMPLATE_REFUSALS.imageNotFound);
    }
  }

  async function toElement(auth: AuthContext, row: ElementRow): Promise<TemplateElement> {
    return {
      plSiteTemplateElementId: row.id,
      plSiteTemplateId: row.templateId,
      elementName: row.elementName,
      elementType: row.elementType,
      enabled: row.enabled,
      useTextOverride: row.useTextOverride,
      textOverride: row.textOverride,
      phrase: row.phrase,
      imageResource: row.imageKey ? { url: (await files.getFileUrl(auth, row.imageKey)).url } : null,
    };
  }

  /** The published template for a page or document: chosen by id, else the company's, else the host's. */
  async function publishedFor(query: BrandingQuery): Promise<TemplateRow | null> {
    if (query.siteTemplateId !== undefined) {
      const chosen = await repo.find(query.siteTemplateId);
      if (chosen?.status === 'UNIVERSAL') return chosen;
    }
    if (query.plCompanyId !== undefined) {
      const byCompany = await repo.findPublishedBy({ companyId: query.plCompanyId });
      if (byCompany) return byCompany;
    }
    // Only a host name an admin bound exactly (stored lower-cased) matches; any other host sees the defaults.
    if (query.host) return repo.findPublishedBy({ domain: query.host.toLowerCase() });
    return null;
  }

  /** A template's elements as pages apply them; elements this catalogue no longer knows are left out. */
  async function knownElements(template: TemplateRow): Promise<ElementRow[]> {
    const elements = await repo.elements(template.id);
    return elements.filter((element) => templateElement(element.elementName) !== undefined);
  }

  return {
    async listTemplates(auth: AuthContext): Promise<{ siteTemplates: SiteTemplate[] }> {
      requireSuperAdmin(auth);
      return { siteTemplates: (await repo.list()).map(toTemplate) };
    },

    async getTemplate(auth: AuthContext, id: number): Promise<SiteTemplateDetail> {
      requireSuperAdmin(auth);
      const row = await templateOrThrow(id);
      const elements = await repo.elements(id);
      return {
        siteTemplate: toTemplate(row),
        templateElements: await Promise.all(elements.map((element) => toElement(auth, element))),
      };
    },

    async addTemplate(
      auth: AuthContext,
      input: z.output<typeof AddTemplateInputSchema>,
    ): Promise<SiteTemplate> {
      requireSuperAdmin(auth);
      await requireCompany(input.plCompanyId);
      try {
        const row = await repo.insert({
          name: input.name,
          status: input.status,
          companyId: input.plCompanyId ?? null,
          domain: input.domain ?? null,
          createdBy: auth.userId,
        });
        return toTemplate(row);
      } catch (error) {
        bindingConflict(error);
      }
    },

    async updateTemplate(
      auth: AuthContext,
      input: z.output<typeof UpdateTemplateInputSchema>,
    ): Promise<SiteTemplate> {
      requireSuperAdmin(auth);
      const row = await templateOrThrow(input.plSiteTemplateId);
      if (input.status !== undefined && input.status !== row.status) {
        if (row.status === 'DRAFT' || input.status === 'DRAFT') {
          throw refusal('CONFLICT', TEMPLATE_REFUSALS.draftStatus);
        }
      }
      await requireCompany(input.plCompanyId);
      try {
        const updated = await repo.update(row.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.plCompanyId !== undefined ? { companyId: input.plCompanyId } : {}),
          ...(input.domain !== undefined ? { domain: input.domain } : {}),
        });
        if (!updated) throw refusal('NOT_FOUND', TEMPLATE_REFUSALS.notFound);
        return toTemplate(updated);
      } catch (error) {
        bindingConflict(error);
      }
    },

    async deleteTemplate(auth: AuthContext, id: number): Promise<void> {
      requireSuperAdmin(auth);
      if (!(await repo.remove(id))) throw refusal('NOT_FOUND', TEMPLATE_REFUSALS.notFound);
    },

    /**
     * A draft copies the template's name and elements but none of its bindings: a company or host
     * keeps seeing the published template until the draft is applied.
     */
    async createDraft(auth: AuthContext, id: number): Promise<SiteTemplate> {
      requireSuperAdmin(auth);
      const source = await templateOrThrow(id);
      if (source.status === 'DRAFT') throw refusal('CONFLICT', TEMPLATE_REFUSALS.draftOfDraft);
      try {
        const draft = await inTransaction(async (tx) => {
          const row = await repo.insert(
            { name: source.name, status: 'DRAFT', parentId: source.id, createdBy: auth.userId },
            tx,
          );
          await repo.copyElements(source.id, row.id, tx);
          return row;
        });
        return toTemplate(draft);
      } catch (error) {
        // Asked twice at once (or again): the one draft there is.
        if (!isUniqueViolation(error, 'site_templates_one_draft')) throw error;
        const existing = await repo.findDraftOf(source.id);
        if (!existing) throw error;
        return toTemplate(existing);
      }
    },

    async applyDraft(auth: AuthContext, id: number): Promise<SiteTemplate> {
      requireSuperAdmin(auth);
      const applied = await inTransaction(async (tx) => {
        // Locked, so two applies of one draft cannot both move its elements.
        const draft = await repo.findLocked(id, tx);
        if (!draft) throw refusal('NOT_FOUND', TEMPLATE_REFUSALS.notFound);
        if (draft.status !== 'DRAFT') throw refusal('CONFLICT', TEMPLATE_REFUSALS.notDraft);
        if (draft.parentId === null) return repo.update(draft.id, { status: 'UNIVERSAL' }, tx);
        await repo.replaceElements(draft.id, draft.parentId, tx);
        await repo.remove(draft.id, tx);
        return repo.update(draft.parentId, { name: draft.name }, tx);
      });
      if (!applied) throw refusal('NOT_FOUND', TEMPLATE_REFUSALS.notFound);
      return toTemplate(applied);
    },

    async addTemplateElement(
      auth: AuthContext,
      input: z.output<typeof AddTemplateElementInputSchema>,
    ): Promise<TemplateElement> {
      requireSuperAdmin(auth);
      const definition = templateElement(input.elementName);
      if (!definition)
        throw refusal('VALIDATION_FAILED', TEMPLATE_REFUSALS.unknownNamedElement(input.elementName));
      if (definition.elementType !== input.elementType)
        throw refusal('VALIDATION_FAILED', TEMPLATE_REFUSALS.wrongType);
      if (input.imageUploadKey && definition.elementType !== 'IMAGE') {
        throw refusal('VALIDATION_FAILED', TEMPLATE_REFUSALS.imageOnTerminology);
      }
      await draftOrThrow(input.plSiteTemplateId);
      await checkImage(auth, input.imageUploadKey);
      try {
        const row = await repo.insertElement({
          templateId: input.plSiteTemplateId,
          elementName: definition.elementName,
          elementType: definition.elementType,
          enabled: input.enabled,
          useTextOverride: input.useTextOverride,
          textOverride: input.textOverride ?? null,
          phrase: input.phrase ?? definition.phrase,
          imageKey: input.imageUploadKey ?? null,
        });
        return await toElement(auth, row);
      } catch (error) {
        if (isUniqueViolation(error, 'site_template_elements_name')) {
          throw refusal('CONFLICT', TEMPLATE_REFUSALS.elementExists);
        }
        throw error;
      }
    },

    async updateTemplateElement(
      auth: AuthContext,
      input: z.output<typeof UpdateTemplateElementInputSchema>,
    ): Promise<TemplateElement> {
      requireSuperAdmin(auth);
      const element = await repo.findElement(input.plSiteTemplateElementId);
      if (!element) throw refusal('NOT_FOUND', TEMPLATE_REFUSALS.elementNotFound);
      await draftOrThrow(element.templateId);
      if (input.imageUploadKey && element.elementType !== 'IMAGE') {
        throw refusal('VALIDATION_FAILED', TEMPLATE_REFUSALS.imageOnTerminology);
      }
      await checkImage(auth, input.imageUploadKey);
      const updated = await repo.updateElement(element.id, {
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.useTextOverride !== undefined ? { useTextOverride: input.useTextOverride } : {}),
        ...(input.textOverride !== undefined ? { textOverride: input.textOverride } : {}),
        ...(input.phrase !== undefined
          ? { phrase: input.phrase ?? templateElement(element.elementName)?.phrase ?? element.phrase }
          : {}),
        ...(input.imageUploadKey !== undefined ? { imageKey: input.imageUploadKey } : {}),
      });
      if (!updated) throw refusal('NOT_FOUND', TEMPLATE_REFUSALS.elementNotFound);
      return toElement(auth, updated);
    },

    async deleteTemplateElement(auth: AuthContext, id: number): Promise<void> {
      requireSuperAdmin(auth);
      const element = await repo.findElement(id);
      if (!element) throw refusal('NOT_FOUND', TEMPLATE_REFUSALS.elementNotFound);
      await draftOrThrow(element.templateId);
      await repo.removeElement(id);
    },

    /** The published template a page shows: chosen by id, else the company's, else the host's. */
    async branding(query: BrandingQuery): Promise<Branding> {
      if (query.siteTemplateId !== undefined) {
        const chosen = await repo.find(query.siteTemplateId);
        if (!chosen || chosen.status !== 'UNIVERSAL') throw refusal('NOT_FOUND', TEMPLATE_REFUSALS.notFound);
      }
      const template = await publishedFor(query);
      if (!template) return { plSiteTemplateId: null, elements: [] };
      return { plSiteTemplateId: template.id, elements: (await knownElements(template)).map(toApplied) };
    },

    /** True when the id names a published template, one a page or a document may be drawn with. */
    async isPublished(siteTemplateId: number): Promise<boolean> {
      return (await repo.find(siteTemplateId))?.status === 'UNIVERSAL';
    },

    /**
     * The same template for a document the server draws (the report PDF), so its sentences go
     * through the phrase lookup pages use. A chosen template no longer published is passed over.
     */
    async documentBranding(query: BrandingQuery): Promise<DocumentBranding> {
      const template = await publishedFor(query);
      const elements = template ? await knownElements(template) : [];
      const overrides = textOverrides(elements.map(toApplied));
      const phrase = (key: string, text: string) => applyTextOverrides(overrides, key, text);
      const logo = elements.find((element) => element.elementName === 'logo');
      if (logo && !logo.enabled) return { phrase };
      const upload = logo?.imageKey ? await files.findUpload(logo.imageKey) : null;
      if (upload && PDF_IMAGE_TYPES.has(upload.extension)) {
        return { phrase, logo: await storage.read(upload.key) };
      }
      // No template, no image, or one gone: the default, as pages show it (imageFor).
      return { phrase, logo: Buffer.from(DEFAULT_LOGO_SVG) };
    },

    /** A published element's image for the public link; anything else is NOT_FOUND. */
    async publishedImage(elementId: number): Promise<{ key: string; extension: string }> {
      const element = await repo.findElement(elementId);
      const template = element ? await repo.find(element.templateId) : null;
      if (!element?.imageKey || template?.status !== 'UNIVERSAL') {
        throw refusal('NOT_FOUND', COMMON_REFUSALS.imageNotFound);
      }
      const upload = await files.findUpload(element.imageKey);
      if (!upload) throw refusal('NOT_FOUND', COMMON_REFUSALS.imageNotFound);
      return { key: upload.key, extension: upload.extension };
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
