// Lint = Nx module boundaries (by the tags in each package.json "nx" field) plus a few correctness rules.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The web app's module edges (apps/web/src/modules/<module>): which other modules each may import
// (docs/architecture.md "Web module edges"). The graph has no cycle (checked below); shared/ imports no
// module but auth's session utilities; app/ composes everything. A new module adds its line here (until it
// does, its own imports are not checked).
const WEB_MODULE_EDGES = {
  shell: ['admin', 'auth', 'warnings'],
  template: ['auth', 'dashboard', 'sharing'],
  dashboard: ['auth', 'chart', 'chart-editor', 'chart-detail', 'dashboard-linkage', 'dashboard-filters', 'warnings', 'history'],
  'chart-detail': ['chart', 'chart-editor'],
  'dashboard-linkage': ['auth', 'chart', 'chart-editor'],
  'dashboard-filters': ['chart', 'chart-editor'],
  admin: ['auth', 'data-source', 'chat'],
  'excel-upload': ['data-source'],
  relation: ['auth', 'chart', 'chart-editor', 'dashboard', 'sharing'],
  'join-table': ['data-source', 'chart-editor'],
  'data-source': ['auth', 'sharing', 'erp'],
  erp: [],
  sharing: ['chart-editor'],
  'chart-editor': ['chart', 'warnings'],
  warnings: ['auth'],
  chart: [],
  auth: [],
  chat: ['auth', 'chart', 'dashboard'],
  history: [],
};
(function assertNoCycle() {
  const state = {};
  const visit = (m, path) => {
    if (state[m] === 'done') return;
    if (state[m] === 'open') throw new Error(`eslint.config.js: WEB_MODULE_EDGES has a cycle: ${[...path, m].join(' -> ')}`);
    state[m] = 'open';
    for (const n of WEB_MODULE_EDGES[m] ?? []) visit(n, [...path, m]);
    state[m] = 'done';
  };
  for (const m of Object.keys(WEB_MODULE_EDGES)) visit(m, []);
})();
/** A relative import reaching one of `modules` (from any depth inside apps/web/src). */
const importOf = (modules) => `^(\\.\\./)+(modules/)?(${modules.join('|')})(/|$)`;
const webModuleRules = Object.keys(WEB_MODULE_EDGES).map((m) => {
  const banned = Object.keys(WEB_MODULE_EDGES).filter((n) => n !== m && !WEB_MODULE_EDGES[m].includes(n));
  return {
    files: [`apps/web/src/modules/${m}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: banned.length ? [{ regex: importOf(banned), message: `The web module "${m}" may import only ${WEB_MODULE_EDGES[m].join(', ') || 'shared/'} (WEB_MODULE_EDGES in eslint.config.js).` }] : [] },
      ],
    },
  };
});
const webSharedRule = {
  files: ['apps/web/src/shared/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: importOf(Object.keys(WEB_MODULE_EDGES).filter((n) => n !== 'auth')), message: 'apps/web/src/shared imports no module (only the auth session for the HTTP client).' }] },
    ],
  },
};

const SERVICE_SCOPES = ['identity', 'dashboard', 'chart-query', 'data-source', 'relation', 'template', 'warning', 'bff', 'erp-provider'];

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', 'libs/proto/src/generated/**', 'apps/web-e2e/test-results/**', 'apps/web-e2e/playwright-report/**', '**/*.js', '**/*.mjs'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    plugins: { '@nx': nx, '@typescript-eslint': tseslint.plugin },
    rules: {
      'no-debugger': 'error',
      'no-var': 'error',
      'prefer-const': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          banTransitiveDependencies: false,
          depConstraints: [
            // layers: util < data < feature < service < host
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:util', 'type:data'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:util', 'type:data'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:util', 'type:data', 'type:feature'] },
            { sourceTag: 'type:host', onlyDependOnLibsWithTags: ['type:util', 'type:data', 'type:feature', 'type:service'] },
            // services never import one another: they talk over their gRPC contracts
            ...SERVICE_SCOPES.map((s) => ({ sourceTag: `scope:${s}`, onlyDependOnLibsWithTags: ['scope:shared', `scope:${s}`] })),
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            // the browser app shares no server code
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web'] },
            // server-only text checks (@bi/sql-text: SQL tokenizer, expression whitelist) never reach the bundle
            { sourceTag: 'scope:web', notDependOnLibsWithTags: ['scope:server'] },
            { sourceTag: 'scope:host', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  ...webModuleRules,
  webSharedRule,
  // End-to-end tests read the web app's text catalogues by path to assert the visible texts.
  { files: ['apps/web-e2e/**/*.ts'], rules: { '@nx/enforce-module-boundaries': 'off' } },
  // hooks in the same order on every render (a hook after an early return broke the data-source page)
  { files: ['apps/web/src/**/*.{ts,tsx}'], plugins: { 'react-hooks': reactHooks }, rules: { 'react-hooks/rules-of-hooks': 'error' } },
];
