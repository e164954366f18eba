import { z } from 'zod';

/**
 * Zod probes `new Function` when it builds an object schema (for its compiled parsers), which
 * the owner area's CSP (no 'unsafe-eval') reports as a violation. Imported before any block
 * schema is built, so the editor's schemas parse without compiling.
 */
z.config({ jitless: true });
