/**
 * Test helper: run the `atelier` CLI in-process through `main` (what bin.js calls),
 * capturing its output; `runBin` spawns the real bin for the one test that checks it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from './main.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(REPO_ROOT, 'engine/cli/bin.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in this process: the same dispatch and exit statuses as the bin, without a child process. */
export async function runCli(args: readonly string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) };
  try {
    const code = await main(args, io);
    return { code, stdout, stderr };
  } catch (e) {
    // What node prints for an uncaught error in the bin, exit status 1.
    return { code: 1, stdout, stderr: stderr + (e instanceof Error ? (e.stack ?? e.message) : String(e)) };
  }
}

/** Run the real bin (node + tsx) as a child process. */
export function runBin(args: readonly string[], cwd = REPO_ROOT): Promise<CliRun> {
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

/** A fresh temporary folder holding `files` (relative path → content). */
export function tempFiles(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-cli-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}
