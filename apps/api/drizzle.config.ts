import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The tables live one file per area in this folder; src/db/schema.ts re-exports them for the code.
  schema: './src/db/schema',
  out: './src/db/migrations',
});
