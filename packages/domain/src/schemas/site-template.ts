import { z } from 'zod';
import { keyedMessages, type KeyedMessage } from '../validation-issues.ts';
import {
  anySpellingEnum,
  ID_MESSAGE,
  IdSchema,
  keyedText,
  maxCharacters,
  QueryIdSchema,
  refuseWith,
  TextSchema,
  VALIDATION_MESSAGES,
} from './common.ts';

/**
 * White-label site templates (spec 3 §1, §3 "Site template", §4 template statuses, §7 site template
 * calls, §9 default images and phrases). UNIVERSAL is the published state a site shows; DRAFT is the
 * editable copy createDraft makes of a template (its parent) and applyDraft publishes; INACTIVE is
 * shown nowhere.
 */
export const TEMPLATE_STATUSES = ['INACTIVE', 'DRAFT', 'UNIVERSAL'] as const;
export const TemplateStatusSchema = z.enum(TEMPLATE_STATUSES);
export type TemplateStatus = z.infer<typeof TemplateStatusSchema>;
/** Spec 3 §4 writes the statuses INACTIVE, DRAFT, UNIVERSAL; any letter case is read ('draft'). */
const TemplateStatusInputSchema = anySpellingEnum(TEMPLATE_STATUSES);

/** Content kinds IMAGE and TERMINOLOGY (spec 3 §3 enumerations). */
export const ELEMENT_TYPES = ['IMAGE', 'TERMINOLOGY'] as const;
export const ElementTypeSchema = z.enum(ELEMENT_TYPES);
export type ElementType = z.infer<typeof ElementTypeSchema>;
/**
 * Spec 3 §3 writes the element type both ways ("elementType (image or terminology)" and the content
 * kinds IMAGE, TERMINOLOGY): a request may send either spelling; answers keep the declared one.
 */
const ElementTypeInputSchema = anySpellingEnum(ELEMENT_TYPES);

export const TEMPLATE_NAME_MAX = 100;
export const TEXT_OVERRIDE_MAX = 500;
export const DOMAIN_MAX = 253;

export const MESSAGES = {
  notFound: 'Site template not found',
  elementNotFound: 'Site template element not found',
  onlyDraftEditable: 'Only a draft can be edited: create a draft of this template first',
  notDraft: 'Only a draft can be applied',
  draftOfDraft: 'A draft cannot be copied into another draft',
  draftStatus: 'A draft is published with applyDraft, not by changing its status',
  elementExists: 'The template already has this element',
  unknownElement: 'Unknown site template element',
  wrongType: 'The element type does not match the element',
  imageOnTerminology: 'Only an image element takes an image',
  imageNotFound: 'Upload the image first (an image upload of your own)',
  domainTaken: 'Another template is already bound to this domain',
  companyTaken: 'Another template is already bound to this company',
  invalidDomain: 'Please enter a host name such as partner.example.com',
} as const;

/** The templates' refusals with their locale keys (`siteTemplate.messages.*`, the domain settings' own). */
export const TEMPLATE_REFUSALS = {
  ...keyedMessages('siteTemplate.messages', MESSAGES),
  ...keyedMessages('siteTemplate.domainSettings.messages', {
    domainTaken: MESSAGES.domainTaken,
    companyTaken: MESSAGES.companyTaken,
    invalidDomain: MESSAGES.invalidDomain,
  }),
  /** An element name the catalogue does not know, named in the refusal. */
  unknownNamedElement: (name: string): KeyedMessage => ({
    key: 'siteTemplate.messages.unknownNamedElement',
    message: `${MESSAGES.unknownElement}: ${name}`,
    params: { name },
  }),
};

const NameSchema = keyedText(
  TEMPLATE_NAME_MAX,
  { required: VALIDATION_MESSAGES.required, tooLong: maxCharacters(TEMPLATE_NAME_MAX) },
  TextSchema.trim(),
);

/** A host name (no scheme, port or path), stored lower-cased: the partner's site shows the template. */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const DomainSchema = TextSchema.trim()
  .toLowerCase()
  .max(DOMAIN_MAX, `Maximum ${DOMAIN_MAX} characters`)
  // Refused by its key (the form shows it in the reader's language); the JSON Schema keeps the pattern.
  .superRefine((value, ctx) => {
    if (!HOST_NAME.test(value)) refuseWith(ctx, TEMPLATE_REFUSALS.invalidDomain);
  })
  .meta({ pattern: HOST_NAME.source });

const TextOverrideSchema = TextSchema.max(TEXT_OVERRIDE_MAX, `Maximum ${TEXT_OVERRIDE_MAX} characters`);

export const SiteTemplateSchema = z.object({
  plSiteTemplateId: IdSchema,
  name: TextSchema,
  status: TemplateStatusSchema,
  parentSiteTemplateId: IdSchema.nullable(),
  /** The partner company whose members see this template once signed in. */
  plCompanyId: IdSchema.nullable(),
  /** The host name whose visitors see this template before signing in. */
  domain: TextSchema.nullable(),
  createdAt: TextSchema,
  updatedAt: TextSchema,
});
export type SiteTemplate = z.infer<typeof SiteTemplateSchema>;

export const TemplateElementSchema = z.object({
  plSiteTemplateElementId: IdSchema,
  plSiteTemplateId: IdSchema,
  elementName: TextSchema,
  elementType: ElementTypeSchema,
  enabled: z.boolean(),
  useTextOverride: z.boolean(),
  textOverride: TextSchema.nullable(),
  /** The phrase the element stands for (its §9 default unless given). */
  phrase: TextSchema,
  /** A short-lived link to the element's image (IMAGE elements with an upload). */
  imageResource: z.object({ url: TextSchema }).nullable(),
});
export type TemplateElement = z.infer<typeof TemplateElementSchema>;

export const AddTemplateInputSchema = z.object({
  name: NameSchema,
  status: TemplateStatusInputSchema.default('DRAFT'),
  plCompanyId: IdSchema.nullish(),
  domain: DomainSchema.nullish(),
});
export type AddTemplateInput = z.input<typeof AddTemplateInputSchema>;

/**
 * The host name and partner company as the add form and the domain settings hold them: text, empty
 * for none. `templateBindingInput` turns them into the input's nullable fields.
 */
export const TemplateBindingFormSchema = z.object({
  domain: TextSchema.trim().pipe(z.union([z.literal(''), DomainSchema])),
  plCompanyId: TextSchema.regex(/^\d{0,10}$/, ID_MESSAGE),
});
export type TemplateBindingFormValues = z.input<typeof TemplateBindingFormSchema>;

export const AddTemplateFormSchema = TemplateBindingFormSchema.extend({ name: NameSchema });
export type AddTemplateFormValues = z.input<typeof AddTemplateFormSchema>;

export function templateBindingInput(values: TemplateBindingFormValues) {
  const domain = values.domain.trim().toLowerCase();
  return { domain: domain || null, plCompanyId: values.plCompanyId ? Number(values.plCompanyId) : null };
}

export const UpdateTemplateInputSchema = z.object({
  plSiteTemplateId: IdSchema,
  name: NameSchema.optional(),
  /** INACTIVE or UNIVERSAL for a published template; a draft keeps DRAFT until applyDraft. */
  status: TemplateStatusInputSchema.optional(),
  plCompanyId: IdSchema.nullish(),
  domain: DomainSchema.nullish(),
});
export type UpdateTemplateInput = z.input<typeof UpdateTemplateInputSchema>;

export const TemplateIdParamSchema = z.object({ id: QueryIdSchema });
export const TemplateIdInputSchema = z.object({ plSiteTemplateId: IdSchema });

export const AddTemplateElementInputSchema = z.object({
  plSiteTemplateId: IdSchema,
  elementName: TextSchema.min(1).max(100),
  elementType: ElementTypeInputSchema,
  enabled: z.boolean().default(true),
  useTextOverride: z.boolean().default(false),
  textOverride: TextOverrideSchema.nullish(),
  phrase: TextOverrideSchema.nullish(),
  /** The key of an image upload (`/api/storage/preupload?mode=image`) by the caller; null removes it. */
  imageUploadKey: TextSchema.min(1).max(200).nullish(),
});
export type AddTemplateElementInput = z.input<typeof AddTemplateElementInputSchema>;

export const UpdateTemplateElementInputSchema = z.object({
  plSiteTemplateElementId: IdSchema,
  enabled: z.boolean().optional(),
  useTextOverride: z.boolean().optional(),
  textOverride: TextOverrideSchema.nullish(),
  phrase: TextOverrideSchema.nullish(),
  imageUploadKey: TextSchema.min(1).max(200).nullish(),
});
export type UpdateTemplateElementInput = z.input<typeof UpdateTemplateElementInputSchema>;

export const SiteTemplateListSchema = z.object({ siteTemplates: z.array(SiteTemplateSchema) });
export const SiteTemplateDetailSchema = z.object({
  siteTemplate: SiteTemplateSchema,
  templateElements: z.array(TemplateElementSchema),
});
export type SiteTemplateDetail = z.infer<typeof SiteTemplateDetailSchema>;

/** Which published template a page shows: the one chosen by `?siteTemplateId=`, else the company's, else the host's. */
export const BrandingQuerySchema = z.object({
  siteTemplateId: QueryIdSchema.optional(),
  plCompanyId: QueryIdSchema.optional(),
});

/** A published template as pages apply it: only what differs from the defaults is listed. */
export const BrandingSchema = z.object({
  plSiteTemplateId: IdSchema.nullable(),
  elements: z.array(
    z.object({
      elementName: TextSchema,
      elementType: ElementTypeSchema,
      enabled: z.boolean(),
      /** The override text, or null to keep the default phrase. */
      text: TextSchema.nullable(),
      imageUrl: TextSchema.nullable(),
    }),
  ),
});
export type Branding = z.infer<typeof BrandingSchema>;
