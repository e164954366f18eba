/** The D1 schema: one file per domain, re-exported for `drizzle(db, { schema })`. */
export * from './websites.js';
export * from './collections.js';
export * from './content.js';
export * from './assets.js';
export * from './commerce.js';
export * from './forms.js';
export * from './navigation.js';
export * from './templates.js';
export * from './cart.js';
export * from './accounts.js';
export * from './relations.js';
export * from './types.js';
export * from './security.js';
