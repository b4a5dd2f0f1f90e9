// A worker thread's start from the TypeScript sources (http-api.raw-thread.ts with BI_API_PARSE_THREAD=on:
// the specs, which run the sources, not dist/): the sources are compiled as they load by @swc/core (the
// compiler the specs run under, jest.config.js), `@bi/<name>` read from its src/index.ts and a `./x.js`
// import from `./x.ts`, as jest.config.js maps them; then the worker module named by workerData.entry runs.
// The built service never loads this file (its worker is dist/…/http-api.raw-worker.js).
import { existsSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { transformSync } from '@swc/core';

const root = new URL('../../../../', import.meta.url);

registerHooks({
  resolve(specifier, context, nextResolve) {
    const lib = /^@bi\/([\w-]+)$/.exec(specifier);
    if (lib) {
      for (const dir of ['libs', 'apps']) {
        const url = new URL(`${dir}/${lib[1]}/src/index.ts`, root);
        if (existsSync(url)) return { url: url.href, shortCircuit: true };
      }
    }
    if (/^\.{1,2}\//.test(specifier) && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const url = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
      if (existsSync(url)) return { url: url.href, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
    const filename = fileURLToPath(url);
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'es6' },
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});

await import(workerData.entry);
