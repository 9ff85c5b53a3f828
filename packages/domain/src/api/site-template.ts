import { z } from 'zod';
import {
  AddTemplateElementInputSchema,
  AddTemplateInputSchema,
  BrandingQuerySchema,
  BrandingSchema,
  SiteTemplateDetailSchema,
  SiteTemplateListSchema,
  SiteTemplateSchema,
  TemplateElementSchema,
  TemplateIdInputSchema,
  TemplateIdParamSchema,
  UpdateTemplateElementInputSchema,
  UpdateTemplateInputSchema,
} from '../schemas/site-template.ts';
import { endpoint } from './endpoint.ts';

/**
 * The site template calls of spec 3 §7 ("all via the signed-in session"): only a super admin reads or
 * changes templates; every other caller, a partner company's own owner included, is refused with 403.
 * Elements change only on a DRAFT (createDraft copies a template, applyDraft publishes the copy).
 */
const tag = 'siteTemplate';
const OkSchema = z.object({ ok: z.literal(true) });
const superAdminOnly = 'Super admins only; anyone else gets 403.';

export const addTemplate = endpoint({
  method: 'POST',
  path: '/api/siteTemplate/template',
  input: AddTemplateInputSchema,
  output: SiteTemplateSchema,
  access: 'user',
  tag,
  summary: 'Add a site template (a DRAFT unless another status is given)',
  description: `Creates a template with its name, status (DRAFT by default) and optionally the partner company (plCompanyId) and host name (domain) it is bound to. ${superAdminOnly} An unknown company is 404; a company or domain already bound to another template is 409.`,
  errors: ['CONFLICT'],
  status: 201,
});

export const updateTemplate = endpoint({
  method: 'PUT',
  path: '/api/siteTemplate/template',
  input: UpdateTemplateInputSchema,
  output: SiteTemplateSchema,
  access: 'user',
  tag,
  summary: 'Rename a site template, change its status or its company and domain binding',
  description: `Changes the given fields only (null unbinds the company or the domain). A published template moves between INACTIVE and UNIVERSAL; a draft keeps DRAFT until applyDraft (409), and nothing becomes a DRAFT by update (409). ${superAdminOnly}`,
  errors: ['CONFLICT'],
});

export const deleteTemplate = endpoint({
  method: 'DELETE',
  path: '/api/siteTemplate/template/{id}',
  input: TemplateIdParamSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Delete a site template with its elements and its draft',
  description: `Deletes the template, its elements and any draft made of it; pages that showed it fall back to the defaults. ${superAdminOnly}`,
});

export const listTemplates = endpoint({
  method: 'GET',
  path: '/api/siteTemplate/templates',
  input: z.object({}).nullish(),
  output: SiteTemplateListSchema,
  access: 'user',
  tag,
  summary: 'Every site template, drafts included',
  description: `Lists every template (newest first) with its status, parent and bindings. ${superAdminOnly}`,
});

export const getTemplate = endpoint({
  method: 'GET',
  path: '/api/siteTemplate/template/{id}',
  input: TemplateIdParamSchema,
  output: SiteTemplateDetailSchema,
  access: 'user',
  tag,
  summary: 'A site template with its elements',
  description: `The template and the elements it sets (templateElements); elements it does not set keep their defaults. Image elements carry a five-minute link to their image. ${superAdminOnly}`,
});

export const createDraft = endpoint({
  method: 'POST',
  path: '/api/siteTemplate/createDraft',
  input: TemplateIdInputSchema,
  output: SiteTemplateSchema,
  access: 'user',
  tag,
  summary: 'Copy a template into an editable draft (or answer its existing draft)',
  description: `Copies the template and its elements into a DRAFT whose parent it is; a template has at most one draft, and asking again answers that draft. A draft cannot itself be copied (409). ${superAdminOnly}`,
  errors: ['CONFLICT'],
});

export const applyDraft = endpoint({
  method: 'POST',
  path: '/api/siteTemplate/applyDraft',
  input: TemplateIdInputSchema,
  output: SiteTemplateSchema,
  access: 'user',
  tag,
  summary: 'Publish a draft: its elements replace its parent’s, and the draft is removed',
  description: `The draft's elements replace its parent's in one transaction and the draft is deleted; the parent is answered. A draft without a parent becomes UNIVERSAL itself. Anything but a draft is 409. ${superAdminOnly}`,
  errors: ['CONFLICT'],
});

export const addTemplateElement = endpoint({
  method: 'POST',
  path: '/api/siteTemplate/templateElement',
  input: AddTemplateElementInputSchema,
  output: TemplateElementSchema,
  access: 'user',
  tag,
  summary: 'Set an element (phrase or image) on a draft',
  description: `Adds one of the known elements (spec 3 §9: logos, product names, report sentences) to a DRAFT with its override text or image. The image is the key of an image upload of the caller's own (checked by content when uploaded). Unknown element names and a type that does not match the element are 400; an element the draft already sets, or a template that is not a draft, is 409. ${superAdminOnly}`,
  errors: ['CONFLICT'],
  status: 201,
});

export const updateTemplateElement = endpoint({
  method: 'PUT',
  path: '/api/siteTemplate/templateElement',
  input: UpdateTemplateElementInputSchema,
  output: TemplateElementSchema,
  access: 'user',
  tag,
  summary: 'Change an element of a draft',
  description: `Changes the given fields of an element of a DRAFT (enabled, useTextOverride, textOverride, phrase, image; null removes the override text or the image). An element of a published template is 409: make a draft first. ${superAdminOnly}`,
  errors: ['CONFLICT'],
});

export const deleteTemplateElement = endpoint({
  method: 'DELETE',
  path: '/api/siteTemplate/templateElement/{id}',
  input: TemplateIdParamSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Remove an element from a draft (it falls back to its default)',
  description: `Removes the element from a DRAFT; once applied, the element shows its default again. An element of a published template is 409. ${superAdminOnly}`,
  errors: ['CONFLICT'],
});

export const getBranding = endpoint({
  method: 'GET',
  path: '/api/siteTemplate/branding',
  input: BrandingQuerySchema,
  output: BrandingSchema,
  access: 'public',
  tag,
  summary: 'The published template a page shows (by siteTemplateId, company or host name)',
  description:
    'Public, for every page including sign-in: the UNIVERSAL template chosen by siteTemplateId, else the one bound to plCompanyId, else the one bound to the request’s host name, as the elements a page applies (texts and image links). No template answers plSiteTemplateId null and no elements (the defaults). A siteTemplateId that is unknown or not published is 404.',
});

export const templateImage = endpoint({
  method: 'GET',
  path: '/api/siteTemplate/image/{id}',
  input: TemplateIdParamSchema,
  output: z.never(),
  file: { contentType: 'the image’s own type (PNG, JPEG, GIF, WebP)' },
  access: 'public',
  tag: 'siteTemplate',
  summary: 'The image of a published template element (logos on every page, sign-in included)',
  description:
    'Public: streams the image a UNIVERSAL template sets for an element (the link branding answers). Drafts, inactive templates and elements without an image are 404.',
});
