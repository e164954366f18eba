/**
 * `npm start` as a newcomer runs it: a fresh state folder, a printed URL, the seeded demo
 * store, the Cron schedule, and a burst of concurrent POSTs that all get an HTTP answer.
 * (The 1,000-visitor contract checks of ../shared/checks are the load test; this burst is
 * kept small enough not to depend on how busy the machine running the suite is.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../schema/seed/load.js';

let child: ChildProcess;
let state: string;
let base: string;
let output = '';

async function printedUrl(): Promise<string> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const match = /Atelier demo store: (http:\/\/localhost:\d+)/.exec(output);
    if (match) return match[1]!;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start printed no URL:\n${output.slice(-2000)}`);
}

beforeAll(async () => {
  state = await mkdtemp(join(tmpdir(), 'atelier-start-'));
  child = spawn(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ATELIER_PERSIST_DIR: state, ATELIER_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  base = await printedUrl();
}, 180_000);

afterAll(async () => {
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (state) await rm(state, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves the seeded demo store at the printed URL', async () => {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Fern &amp; Kiln');
    expect(output).toMatch(/Cron Trigger "17 3 \* \* \*": next run \d{4}-/);
  });

  it('keeps D1 where wrangler keeps it under the state folder', async () => {
    const files = await readdir(join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject'));
    expect(files.filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')).toHaveLength(1);
  });

  it('answers every one of 300 POSTs sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, () =>
        fetch(`${base}/api/form/FormSubmissionKey`, { method: 'POST', body: '' }).then(
          (res) => res.status,
          (error: Error) => `${error.message}: ${(error.cause as Error | undefined)?.message}`,
        ),
      ),
    );
    // No crumb: every visitor gets the crumb failure, none a dropped connection or a 503.
    expect(new Set(answers)).toEqual(new Set([401]));
  });
});
