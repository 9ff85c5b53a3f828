/**
 * The database schema, one file per area under `schema/`; drizzle-kit reads that folder (drizzle.config.ts)
 * and the code imports the tables from here.
 */
export * from './schema/reference.ts';
export * from './schema/auth.ts';
export * from './schema/companies.ts';
export * from './schema/platform.ts';
export * from './schema/billing.ts';
export * from './schema/documents.ts';
export * from './schema/webcrawler.ts';
export * from './schema/trust.ts';
export * from './schema/directory.ts';
export * from './schema/templates.ts';
