import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from server/db/schema.ts; they are committed and applied at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './drizzle',
});
