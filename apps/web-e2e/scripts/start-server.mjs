#!/usr/bin/env node
// Starts the whole product (apps/embedded/dist/main.js) for the e2e run on a fresh data
// directory, and removes that directory when the product stops. Playwright's webServer runs
// this script and stops it with SIGTERM; the signal is passed on to the product, which
// shuts down gracefully, then the directory is removed.
//
// The caller sets HOST, PORT, BI_ADMIN_PASSWORD, BI_GRPC_BASE_PORT, ... in the environment;
// BI_DATA_DIR is always replaced by a new temporary directory.
// E2E_KEEP_DATA=1 keeps the directory (its path is printed) for debugging.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const entry = join(repoRoot, 'apps/embedded/dist/main.js');
const webIndex = join(repoRoot, 'apps/web/dist/index.html');

for (const file of [entry, webIndex]) {
  if (!existsSync(file)) {
    console.error(`[e2e] ${file} is missing: run "npm run build" at the repository root first.`);
    process.exit(1);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bi-e2e-'));
const keepData = Boolean(process.env.E2E_KEEP_DATA);
console.error(`[e2e] data dir ${dataDir}`);

const child = spawn(process.execPath, [entry], {
  cwd: repoRoot,
  env: { ...process.env, BI_DATA_DIR: dataDir },
  stdio: 'inherit',
});

let cleaned = false;
function cleanUp() {
  if (cleaned || keepData) return;
  cleaned = true;
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } catch (error) {
    console.error(`[e2e] could not remove ${dataDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    // The product may already have received the signal (Playwright signals the whole
    // process group); sending it again is harmless because the host stops only once.
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`[e2e] could not start the product: ${error.message}`);
  cleanUp();
  process.exit(1);
});

child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});

process.on('exit', cleanUp);
