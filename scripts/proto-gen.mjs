// Regenerates the ts-proto code from proto/ (buf + ts-proto). With --check it generates into a
// temporary folder and fails when the committed code under libs/proto/src/generated differs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const committed = join(root, 'libs/proto/src/generated');
const check = process.argv.includes('--check');

function listFiles(dir) {
  let out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    out = statSync(full).isDirectory() ? out.concat(listFiles(full)) : out.concat(full);
  }
  return out;
}

function generate(outBase) {
  const args = ['generate'];
  if (outBase) args.push('-o', outBase);
  execFileSync(join(root, 'node_modules/.bin/buf'), args, { cwd: root, stdio: 'inherit' });
}

if (!check) {
  rmSync(committed, { recursive: true, force: true });
  generate();
  console.log('generated', listFiles(committed).length, 'files');
} else {
  const tmp = mkdtempSync(join(tmpdir(), 'proto-check-'));
  try {
    generate(tmp);
    const fresh = join(tmp, 'libs/proto/src/generated');
    const a = listFiles(fresh).map((f) => relative(fresh, f)).sort();
    const b = listFiles(committed).map((f) => relative(committed, f)).sort();
    const drift = [];
    for (const f of new Set([...a, ...b])) {
      const x = a.includes(f) ? readFileSync(join(fresh, f), 'utf8') : null;
      const y = b.includes(f) ? readFileSync(join(committed, f), 'utf8') : null;
      if (x !== y) drift.push(f);
    }
    if (drift.length) {
      console.error('proto:check failed: generated code differs from proto/ for:\n  ' + drift.join('\n  '));
      console.error('Run `npm run proto:gen` and commit the result.');
      process.exit(1);
    }
    console.log(`proto:check ok (${a.length} generated files match proto/)`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
