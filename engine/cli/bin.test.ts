/** The real executable, once: `npx atelier` starts from source through tsx and exits with the command's status. */
import { expect, it } from 'vitest';
import { runBin } from './run-cli.js';

it('the bin runs a command and exits with its status', async () => {
  const help = await runBin(['--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('atelier');
  const bad = await runBin(['no-such-command']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('unknown command "no-such-command"');
}, 60_000);
