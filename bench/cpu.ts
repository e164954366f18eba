/** The in-process benchmarks (engine and theme), run from a plain bundle by bench/index.ts. */
import { run as engine } from './engine.js';
import { run as theme } from './theme.js';

await engine();
await theme();
