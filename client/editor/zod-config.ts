import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it first;
 * the owner area's CSP has no 'unsafe-eval', so the probe alone is a violation report. Imported
 * first by main.tsx, before any module builds a schema (zod decides per schema when it is made).
 */
z.config({ jitless: true });
