import { z } from 'zod';
import type { KeyedMessage } from '../validation-issues.ts';
import { IdSchema, IntSchema, refuseWith, requiredText, TextSchema } from './common.ts';

/**
 * The company's minimal product catalogue (spec 3 §3 Product; issue 17's product comparison and issue
 * 20's product record): its wire shapes and the rule on its days, shared by the API and the forms.
 * Also exported by webcrawler.ts, where they first lived.
 */

export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const PRODUCT_NAME_MAX = 255;

/** The product record's tracking numbers (spec 3 §3 Product), each free text. */
export const PRODUCT_CODE_FIELDS = ['metrcNumber', 'sampleNumber', 'lotNumber', 'batchNumber'] as const;
export const PRODUCT_CODE_MAX = 100;
/** The product record's days (spec 3 §3 Product): when it was received and when it expires. */
export const PRODUCT_DAY_FIELDS = ['receivedProductAt', 'expireDate'] as const;
export const PRODUCT_EXPIRY_BEFORE_RECEIVED = 'The expiry date cannot be before the received date';
/** Its message key, for a client to show it in its own language. */
export const PRODUCT_EXPIRY_BEFORE_RECEIVED_KEY = 'company.products.errors.expiryBeforeReceived';

/** The product record's refusals, each with its message key (a form shows it by the key). */
export const PRODUCT_MESSAGES = {
  nameRequired: { key: 'company.products.errors.nameRequired', message: 'This field is required' },
  tooLong: { key: 'validation.characterLimit', message: 'Character limit' },
  dayFormat: { key: 'company.products.errors.dayFormat', message: 'Use the format yyyy-MM-dd' },
  expiryBeforeReceived: { key: PRODUCT_EXPIRY_BEFORE_RECEIVED_KEY, message: PRODUCT_EXPIRY_BEFORE_RECEIVED },
} satisfies Record<string, KeyedMessage>;

export const ProductSchema = z.object({
  plProductId: IntSchema,
  plCompanyId: IntSchema,
  name: TextSchema,
  status: z.enum(PRODUCT_STATUSES),
  /** MANUAL, or SCAN when "Automatically Creates New Products" added it. */
  source: z.enum(['MANUAL', 'SCAN']),
  metrcNumber: TextSchema.nullable(),
  sampleNumber: TextSchema.nullable(),
  lotNumber: TextSchema.nullable(),
  batchNumber: TextSchema.nullable(),
  /** yyyy-MM-dd, or null when not known. */
  receivedProductAt: TextSchema.nullable(),
  expireDate: TextSchema.nullable(),
  createdAt: TextSchema,
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.object({ products: z.array(ProductSchema) });

/** A tracking number as typed: blank clears it (null). */
const ProductCodeInputSchema = TextSchema.trim()
  .superRefine((value, ctx) => {
    if (value.length > PRODUCT_CODE_MAX) refuseWith(ctx, PRODUCT_MESSAGES.tooLong);
  })
  .meta({ maxLength: PRODUCT_CODE_MAX })
  .transform((value) => value || null)
  .nullable()
  .optional();

/** A calendar day yyyy-MM-dd that exists (no 2026-02-30); blank clears it (null). */
const ProductDayInputSchema = TextSchema.trim()
  .superRefine((value, ctx) => {
    if (value !== '' && !isCalendarDay(value)) refuseWith(ctx, PRODUCT_MESSAGES.dayFormat);
  })
  .transform((value) => value || null)
  .nullable()
  .optional();

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

const ProductDetailsInputSchema = z.object({
  metrcNumber: ProductCodeInputSchema,
  sampleNumber: ProductCodeInputSchema,
  lotNumber: ProductCodeInputSchema,
  batchNumber: ProductCodeInputSchema,
  receivedProductAt: ProductDayInputSchema,
  expireDate: ProductDayInputSchema,
});

/**
 * A product cannot expire before it was received; checked where both days are in the input (an
 * update that sends one day is checked against the stored other by the server).
 */
export function productDaysIssue(days: {
  receivedProductAt?: string | null;
  expireDate?: string | null;
}): string | null {
  const { receivedProductAt, expireDate } = days;
  if (!receivedProductAt || !expireDate) return null;
  return expireDate < receivedProductAt ? PRODUCT_EXPIRY_BEFORE_RECEIVED : null;
}

const checkProductDays = (
  days: { receivedProductAt?: string | null; expireDate?: string | null },
  context: z.RefinementCtx,
) => {
  if (productDaysIssue(days)) refuseWith(context, PRODUCT_MESSAGES.expiryBeforeReceived, ['expireDate']);
};

const productName = requiredText(PRODUCT_NAME_MAX, {
  required: PRODUCT_MESSAGES.nameRequired,
  tooLong: PRODUCT_MESSAGES.tooLong,
});

export const CreateProductInputSchema = z
  .object({
    plCompanyId: IdSchema,
    name: productName,
    status: z.enum(PRODUCT_STATUSES).default('ACTIVE'),
  })
  .extend(ProductDetailsInputSchema.shape)
  .superRefine(checkProductDays);
export type CreateProductInput = z.input<typeof CreateProductInputSchema>;

export const UpdateProductInputSchema = z
  .object({
    plCompanyId: IdSchema,
    plProductId: IdSchema,
    name: productName.optional(),
    status: z.enum(PRODUCT_STATUSES).optional(),
  })
  .extend(ProductDetailsInputSchema.shape)
  .superRefine(checkProductDays);
export type UpdateProductInput = z.infer<typeof UpdateProductInputSchema>;

export const DeleteProductInputSchema = z.object({ plCompanyId: IdSchema, plProductId: IdSchema });
export type DeleteProductInput = z.infer<typeof DeleteProductInputSchema>;
