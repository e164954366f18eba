import { defineConfig } from 'drizzle-kit';

// Migrations are generated here and applied by wrangler (`d1 migrations apply`) and by
// schema/testing.ts in Miniflare, so both read the same SQL files.
export default defineConfig({
  dialect: 'sqlite',
  schema: './schema/index.ts',
  out: './schema/migrations',
});
