// ESLint flat config: typescript-eslint's recommended rules (no type information, so it stays fast), the
// import-boundary rules of docs/architecture (layers import only to their left), no process.env outside config,
// and file-size limits for src.
import { defineConfig } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';

/** A relative import that reaches into one of these top-level folders of src. */
const into = (...folders) => `^\\.{1,2}/(?:.*/)?(?:${folders.join('|')})(?:/|$)`;

const layer = (message, ...folders) => ({ regex: into(...folders), message });

// Below the transports (kernel, database, engine, modules) nothing knows Fastify: request and reply shapes are
// plain types, and route plugins live in src/http/routes (decision 0051). @fastify/busboy is a multipart parser
// that works on a Node stream without Fastify, so modules may use it.
const FASTIFY_MESSAGE = 'Only the transports (src/http, src/graphql) and app.ts know Fastify (decision 0051).';
const fastifyPaths = ['fastify', 'fastify-plugin'].map((name) => ({ name, message: FASTIFY_MESSAGE }));
const transportFree = [{ regex: '^@fastify/(?!busboy$)', message: FASTIFY_MESSAGE }];
// A dated migration is frozen history: runtime code takes table declarations from src/kernel/system.
const notMigrations = {
  regex: '/migrations/\\d{8}',
  message: 'Runtime code never imports a dated migration: use src/kernel/system (decision 0051).',
};

// `max-lines` twice (warn at 300, error at 500) needs a second name for the same rule.
const local = { rules: { 'max-lines-hard': builtinRules.get('max-lines') } };

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench/.work/**', 'app/dist/**', 'tests/browser/.artifacts/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config (loadConfig), never process.env.' },
      ],
    },
  },
  {
    // Only configuration, tests and tooling may read the environment.
    files: ['src/config/**', 'tests/**', 'scripts/**', 'bench/**', 'vitest.config.ts', 'eslint.config.js', 'app/vite.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { local },
    rules: {
      'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }],
      'local/max-lines-hard': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Test support lives in tests/ (tests/support, tests/setup): product code never imports it, so it never ships;
    // only the unit tests beside the code may.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ImportExpression', 'ExportAllDeclaration', 'ExportNamedDeclaration'].map((node) => ({
          selector: `${node}[source.value=/^[.].*\\Wtests\\W/]`,
          message: 'Product code does not import tests/ (test support is in tests/support; only *.test.ts may use it).',
        })),
      ],
    },
  },
  {
    files: ['src/kernel/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(
              'kernel is the bottom layer: it imports no database, engine, module or transport code.',
              'database',
              'engine',
              'modules',
              'http',
              'graphql',
              'cli',
            ),
            ...transportFree,
          ],
          paths: fastifyPaths,
        },
      ],
    },
  },
  {
    files: ['src/database/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [layer('database imports only kernel and config.', 'engine', 'modules', 'http', 'graphql', 'cli'), ...transportFree],
          paths: fastifyPaths,
        },
      ],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('engine is transport-free and never imports modules.', 'modules', 'http', 'graphql', 'cli'),
            ...transportFree,
            notMigrations,
          ],
          paths: fastifyPaths,
        },
      ],
    },
  },
  {
    files: ['src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('modules do not import transports: their routes live in src/http/routes (decision 0051).', 'http', 'graphql', 'cli'),
            ...transportFree,
            notMigrations,
          ],
          paths: fastifyPaths,
        },
      ],
    },
  },
  {
    // The transports call a module through its public API only (decision 0051).
    files: ['src/http/**/*.ts', 'src/graphql/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(?:\\.\\./)*modules/[^/]+/(?!index\\.js$)',
              message: 'Transports reach a module through its index.ts (export what the route needs there).',
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ holds values both the server and the admin app use (decision 0051): it imports neither of them.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.{1,2}/(?:\\.\\./)*(?:src|app)/', message: 'shared/ is imported by src and app, never the other way.' },
            { regex: '^node:', message: 'shared/ runs in the browser too: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    // The admin app is a client of the public API (docs/app.md): it never imports server code.
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(?:\\.\\./)*src/',
              message: 'The app reaches the server only through @directus/sdk, never by importing src/.',
            },
          ],
        },
      ],
    },
  },
);
