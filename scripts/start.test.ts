/**
 * `npm start` as a newcomer runs it: a fresh state folder, a printed URL with the owner
 * sign-in, test cards and outbox beside it (and they work), the seeded demo store, the Cron
 * schedule, and a burst of concurrent POSTs that all get an HTTP answer.
 * (The 1,000-visitor contract checks of ../shared/checks are the load test; this burst is
 * kept small enough not to depend on how busy the machine running the suite is.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../schema/seed/load.js';
import { cronRunLine, startBanner } from './start.js';

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
    env: { ...process.env, ATELIER_PERSIST_DIR: state, ATELIER_PORT: '0', ATELIER_DEMO_OWNER_PASSWORD: '' },
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
  });

  it('prints the owner area, the demo sign-in, the test cards, the outbox and the schedule after the URL', () => {
    const after = output.slice(output.indexOf('Atelier demo store:'));
    expect(after).toContain(`  Owner area  ${base}/config/\n`);
    expect(after).toContain('  Email       owner@fernandkiln.test\n');
    expect(after).toContain('  Password    check-Owner-pass-7 (the local default; ATELIER_DEMO_OWNER_PASSWORD sets another before the first seed)\n');
    expect(after).toContain('  Test cards  4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined');
    expect(after).toContain(`  Mail        kept in the outbox, never sent: ${base}/config/outbox\n`);
    // Not a terminal: no "type c and Enter"; no line per run that did nothing.
    expect(after).toContain('  Cron        * * * * *, 7 * * * *, 17 3 * * * (UTC)\n');
    expect(output).not.toMatch(/Cron Trigger "[^"]+": (ok|next run)/);
  });

  it('signs the printed owner in, who then reads the printed outbox', async () => {
    const crumb = /crumb=([^;]+)/.exec((await fetch(`${base}/`)).headers.getSetCookie().join('\n'))![1]!;
    const signIn = await fetch(`${base}/api/site-users/account/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
      body: JSON.stringify({ email: 'owner@fernandkiln.test', password: 'check-Owner-pass-7', rememberMe: false }),
    });
    expect(signIn.status).toBe(200);
    const session = signIn.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
    const outbox = await fetch(`${base}/config/outbox`, { headers: { cookie: `crumb=${crumb}; ${session}` } });
    expect(outbox.status).toBe(200);
    expect(await outbox.text()).toContain('Outbox');
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

describe('npm start output', () => {
  it('names the variable, never its value, when ATELIER_DEMO_OWNER_PASSWORD is set', () => {
    const lines = startBanner({ url: 'http://localhost:8787', ownerPasswordFromEnv: true, crons: [], interactive: false });
    expect(lines).toContain('  Password    from ATELIER_DEMO_OWNER_PASSWORD (as set when the database was first seeded)');
    expect(lines.some((line) => line.startsWith('  Cron'))).toBe(false);
  });

  it('prints the platform host and, with the local mail default, its mail reader', () => {
    const local = startBanner({ url: 'http://localhost:8787', ownerPasswordFromEnv: false, crons: [], interactive: false });
    expect(local).toContain('  Platform    http://app.localhost:8787/ (new owners sign up and create their own sites)');
    expect(local).toContain("  Owner mail  http://app.localhost:8787/dev/mail (the platform's sign-up and reset links)");
    const sent = startBanner({ url: 'http://localhost:8787', ownerPasswordFromEnv: false, mailProvider: 'postmark', crons: [], interactive: false });
    expect(sent.some((line) => line.includes('/dev/mail'))).toBe(false);
  });

  it('says where mail goes when a provider sends it', () => {
    const lines = startBanner({ url: 'http://localhost:8787', ownerPasswordFromEnv: false, mailProvider: 'postmark', crons: ['* * * * *'], interactive: true });
    expect(lines).toContain('  Mail        sent through postmark; every mail is listed at http://localhost:8787/config/outbox');
    expect(lines).toContain('  Cron        * * * * * (UTC); type c and Enter to run them now');
  });

  it('prints a scheduled run only when it failed', () => {
    expect(cronRunLine('* * * * *', 'ok')).toBeNull();
    expect(cronRunLine('* * * * *', 'exception')).toBe('Cron Trigger "* * * * *": exception');
  });
});
