// Lint = Nx module boundaries (by the tags in each package.json "nx" field) plus a few correctness rules.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const SERVICE_SCOPES = ['identity', 'dashboard', 'chart-query', 'data-source', 'relation', 'template', 'warning', 'bff'];

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
            { sourceTag: 'scope:host', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  // End-to-end tests read the web app's text catalogues by path to assert the visible texts.
  { files: ['apps/web-e2e/**/*.ts'], rules: { '@nx/enforce-module-boundaries': 'off' } },
];
