// White-label site templates (issue 21, spec 3 §3 "Site template").

import { boolean, type AnyPgColumn, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, ownerRef, actorRef } from './columns.ts';
import { users } from './auth.ts';
import { companies } from './companies.ts';
import { files } from './platform.ts';

/**
 * A template: UNIVERSAL (published), INACTIVE, or a DRAFT copy of its parent that applyDraft
 * publishes. A company or a host name is bound to at most one template.
 */
export const siteTemplates = pgTable(
  'site_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status', { enum: ['INACTIVE', 'DRAFT', 'UNIVERSAL'] }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => siteTemplates.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    domain: text('domain'),
    createdBy: actorRef('created_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One draft per template, so two editors asking for a draft at once share it.
    uniqueIndex('site_templates_one_draft').on(t.parentId),
    uniqueIndex('site_templates_company').on(t.companyId),
    uniqueIndex('site_templates_domain').on(t.domain),
  ],
);

export const siteTemplateElements = pgTable(
  'site_template_elements',
  {
    id: serial('id').primaryKey(),
    templateId: ownerRef('template_id', () => siteTemplates.id),
    elementName: text('element_name').notNull(),
    elementType: text('element_type', { enum: ['IMAGE', 'TERMINOLOGY'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    useTextOverride: boolean('use_text_override').notNull().default(false),
    textOverride: text('text_override'),
    phrase: text('phrase').notNull(),
    /** An image upload (files.key); the upload stays while an element refers to it. */
    imageKey: text('image_key').references(() => files.key, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('site_template_elements_name').on(t.templateId, t.elementName)],
);
