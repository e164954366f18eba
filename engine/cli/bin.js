#!/usr/bin/env node
// Runs the TypeScript CLI straight from source: tsx registers the loader, so
// `npx atelier` works after `npm install` without a build step.
import { register } from 'tsx/esm/api';

// `atelier render ... | head` closes the pipe early; that is not an error.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(0);
});
register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
