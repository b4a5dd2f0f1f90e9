#!/usr/bin/env node
// Starts the whole product (apps/embedded/dist/main.js) for the e2e run, on fresh state, and
// removes that state when the product stops. Playwright's webServer runs this script and stops
// it with SIGTERM; the signal is passed on to the product, which shuts down gracefully, then
// the temporary directory is removed.
//
// In one new temporary directory:
//   data/  the product's data directory (BI_DATA_DIR), empty at start;
//   web/   a copy of apps/web/dist served by the product (BI_WEB_DIST), so that rebuilding the
//          web app during a run (npm run build:web empties apps/web/dist) cannot break it.
//
// The caller sets HOST, PORT, BI_ADMIN_PASSWORD, BI_GRPC_BASE_PORT, ... in the environment.
// E2E_KEEP_DATA=1 keeps the directory (its path is printed) for debugging.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const entry = join(repoRoot, 'apps/embedded/dist/main.js');
const webDist = join(repoRoot, 'apps/web/dist');

for (const file of [entry, join(webDist, 'index.html')]) {
  if (!existsSync(file)) {
    console.error(`[e2e] ${file} is missing: run "npm run build" at the repository root first.`);
    process.exit(1);
  }
}

const root = mkdtempSync(join(tmpdir(), 'bi-e2e-'));
const dataDir = join(root, 'data');
const webCopy = join(root, 'web');
const keep = Boolean(process.env.E2E_KEEP_DATA);
mkdirSync(dataDir);
console.error(`[e2e] temporary directory ${root}`);

let cleaned = false;
function cleanUp() {
  if (cleaned || keep) return;
  cleaned = true;
  try {
    rmSync(root, { recursive: true, force: true });
  } catch (error) {
    console.error(`[e2e] could not remove ${root}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.on('exit', cleanUp);

/** True when the copied index.html and every asset it references are there. */
function completeCopy() {
  const indexFile = join(webCopy, 'index.html');
  if (!existsSync(indexFile)) return false;
  const html = readFileSync(indexFile, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]);
  return assets.length > 0 && assets.every((asset) => existsSync(join(webCopy, asset)));
}

// A build of the web app may be running right now: copy again until the copy is complete.
let copied = false;
for (let attempt = 0; attempt < 40 && !copied; attempt += 1) {
  if (attempt > 0) await sleep(500);
  rmSync(webCopy, { recursive: true, force: true });
  try {
    cpSync(webDist, webCopy, { recursive: true });
    copied = completeCopy();
  } catch {
    copied = false;
  }
}
if (!copied) {
  console.error(`[e2e] could not take a complete copy of ${webDist}: is "npm run build:web" failing?`);
  process.exit(1);
}

const child = spawn(process.execPath, [entry], {
  cwd: repoRoot,
  env: { ...process.env, BI_DATA_DIR: dataDir, BI_WEB_DIST: webCopy },
  stdio: 'inherit',
});

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    // The product may already have received the signal (Playwright signals the whole
    // process group); sending it again is harmless because the host stops only once.
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`[e2e] could not start the product: ${error.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 0 : 1));
});
