/** Test helper: run the real `atelier` bin as a child process. */
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(REPO_ROOT, 'engine/cli/bin.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[], cwd = REPO_ROOT): Promise<CliRun> {
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
