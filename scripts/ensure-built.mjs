// Runs before `npm start`: builds the server (incremental tsc, fast when nothing changed) and the web
// app when it is missing or older than its sources, so a fresh clone starts with one command.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

function newest(dir) {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const s = statSync(full);
    t = Math.max(t, s.isDirectory() ? newest(full) : s.mtimeMs);
  }
  return t;
}

if (!existsSync(join(root, 'node_modules'))) run('npm install --no-audit --no-fund');
run('npx tsc -b tsconfig.build.json');
const webIndex = join(root, 'apps/web/dist/index.html');
const webSources = [join(root, 'apps/web/src'), join(root, 'apps/web/index.html')];
if (!existsSync(webIndex) || Math.max(...webSources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs))) > statSync(webIndex).mtimeMs) {
  run('npm run build:web');
}
