import { createApp } from './app.js';

/** Workers entry (wrangler.toml `main`). */
export default createApp();
