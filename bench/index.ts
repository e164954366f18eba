/** `npm run bench`: every benchmark of the project, in order; each module exports `run()`. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SUITES = ['engine.ts', 'theme.ts', 'pages.ts'];

for (const suite of SUITES) {
  if (!existsSync(join(here, suite))) continue;
  const mod = (await import(`./${suite}`)) as { run: () => Promise<void> };
  await mod.run();
}
