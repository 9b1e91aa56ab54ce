// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * @typedef {object} Part
 * @property {string} name The part's name in rules and messages, e.g. `app/ui`.
 * @property {string[]} paths Its folders and files, relative to the project's root.
 * @property {string} holds What lives there, in a few words.
 * @property {string[]} mayImport The other parts it may import (it may always import itself).
 */

/**
 * The parts of the house and what each may import, besides packages. Every other import
 * between parts is a lint error, at any depth; docs/architecture.md shows this table and a
 * test keeps the two equal. Each folder under app/features/ is a part of its own.
 * @type {Part[]}
 */
export const architecture = [
  {
    name: 'content',
    paths: ['content'],
    holds: 'what the owner edits, its schema and its validation',
    mayImport: [],
  },
  {
    name: 'common',
    paths: ['common'],
    holds: 'what the site and the server share: route table, feedback payload, manifests',
    mayImport: [],
  },
  {
    name: 'app/i18n',
    paths: ['app/i18n'],
    holds: "the site's own words: one message catalogue per language",
    mayImport: [],
  },
  {
    name: 'app/lib',
    paths: ['app/lib'],
    holds: 'framework-free helpers',
    mayImport: ['app/i18n', 'common'],
  },
  {
    name: 'app/ui',
    paths: ['app/ui'],
    holds: 'small shared primitives',
    mayImport: ['app/lib', 'app/i18n', 'common'],
  },
  {
    name: 'app/features/*',
    paths: ['app/features/*'],
    holds: 'one folder per capability; features never import each other',
    mayImport: ['app/ui', 'app/lib', 'app/i18n', 'common', 'content'],
  },
  {
    name: 'app/generated',
    paths: ['app/generated'],
    holds: 'what the build writes (the screenshot manifest)',
    mayImport: ['common'],
  },
  {
    name: 'app/compositions',
    paths: ['app/compositions'],
    holds: 'the app model and what the screens share, composed of features',
    mayImport: [
      'app/features/*',
      'app/ui',
      'app/lib',
      'app/i18n',
      'app/generated',
      'common',
      'content',
    ],
  },
  {
    name: 'app/routes',
    paths: ['app/routes'],
    holds: 'one module per screen',
    mayImport: [
      'app/compositions',
      'app/features/*',
      'app/ui',
      'app/lib',
      'app/i18n',
      'common',
      'content',
    ],
  },
  {
    name: 'app',
    paths: [
      'app/root.tsx',
      'app/routes.ts',
      'app/entry.server.tsx',
      'app/entry.client.tsx',
      'app/env.d.ts',
      'app/interest-invokers.d.ts',
      'app/test-setup.ts',
    ],
    holds: 'the document shell and the React Router route config',
    mayImport: [
      'app/routes',
      'app/compositions',
      'app/features/*',
      'app/ui',
      'app/lib',
      'app/i18n',
      'common',
      'content',
    ],
  },
  {
    name: 'owner',
    paths: ['owner'],
    holds: "the owner's pages: a client of their own, built apart from the site",
    mayImport: ['app/ui', 'common'],
  },
  {
    name: 'server',
    paths: ['server'],
    holds: 'the Fastify service',
    // app/i18n: the site's own words (plain data), which the page of a refused form speaks.
    mayImport: ['common', 'app/i18n'],
  },
  {
    name: 'scripts',
    paths: ['scripts'],
    holds: 'build-time tools',
    mayImport: ['common', 'content', 'server'],
  },
  {
    name: 'config',
    paths: [
      'eslint.config.js',
      'vite.config.ts',
      'vite.owner.config.ts',
      'vitest.config.ts',
      'playwright.config.ts',
      'react-router.config.ts',
    ],
    holds: 'settings of the tools',
    // app/i18n: the words of the pages' structured data, in the language being built.
    mayImport: ['scripts', 'common', 'content', 'tests', 'app/i18n'],
  },
  {
    name: 'tests',
    paths: ['tests'],
    holds: "end-to-end specs, the server tests' helpers and the facts of the spec that tests share",
    // bench: the size test measures the build with the benchmark's code and budgets.
    // scripts: the tests' PostgreSQL runs the programs that `npm test` finds (and installs).
    // app/i18n: the pages of a language are checked against its catalogue's words (plain data).
    mayImport: ['common', 'content', 'server', 'bench', 'scripts', 'app/i18n'],
  },
  {
    name: 'deploy',
    paths: ['deploy'],
    holds: 'deployment examples (nginx, systemd) and the checks that keep them right',
    mayImport: ['server'],
  },
  {
    name: 'bench',
    paths: ['bench'],
    holds: 'benchmarks that print figures',
    mayImport: ['common', 'server', 'tests'],
  },
];

/** Test files may also read the spec's facts in tests/. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];

/**
 * Each part's zones for import-x/no-restricted-paths: the parts it may not import. A part
 * written `dir/*` stands for each folder in `dir` of the tree at `root`.
 * @param {string} root
 * @param {{ forTests: boolean }} options
 */
function restrictedZones(root, { forTests }) {
  /** @param {string} name */
  const expand = (name) => {
    if (!name.endsWith('/*')) return [{ name, paths: [name] }];
    const dir = name.slice(0, -2);
    return readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => ({ name: `${dir}/${entry.name}`, paths: [`${dir}/${entry.name}`] }));
  };
  const resolved = architecture.flatMap((part) =>
    part.name.endsWith('/*')
      ? expand(part.name).map((one) => ({ ...part, ...one, family: part.name }))
      : [{ ...part, family: part.name }],
  );
  return resolved.flatMap((part) => {
    const allowed = new Set([part.name, ...part.mayImport, ...(forTests ? ['tests'] : [])]);
    return resolved
      .filter((other) => !allowed.has(other.name) && !allowed.has(other.family))
      .map((other) => ({
        target: part.paths,
        from: other.paths,
        message: `${part.name} may import only ${[...allowed].join(', ')}; not ${other.name}.`,
      }));
  });
}

/**
 * The architecture's rules as ESLint config for the tree at `root`: the project's own lint
 * and the test that lints a fixture of violating imports both use it.
 * @param {string} root
 * @returns {import('typescript-eslint').ConfigArray}
 */
export function boundaryConfig(root) {
  /** @param {boolean} forTests */
  const rule = (forTests) => ({
    'import-x/no-restricted-paths': [
      'error',
      { basePath: root, zones: restrictedZones(root, { forTests }) },
    ],
  });
  return tseslint.config(
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      plugins: { 'import-x': importX },
      languageOptions: { parser: tseslint.parser },
      settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
      rules: rule(false),
    },
    { files: TEST_FILES, rules: rule(true) },
  );
}

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'data/',
      // Written by scripts/screenshots.ts.
      'app/generated/',
      // Written by scripts/site-words.ts.
      'app/i18n/generated/',
      // Violating imports on purpose: linted by tests/architecture/boundaries.test.ts.
      'tests/architecture/fixture/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // Numbers and booleans read naturally in messages.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // `void promise` marks a deliberately unawaited call, e.g. navigate() in an event handler.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify plugins and hooks are async by convention, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The browser's code: the app's, and the components it shares with the server.
    files: ['app/**/*.{ts,tsx}', 'common/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      // The first locale-aware call on a page loads the browser's locale data: 20 to 50 ms of
      // blocked main thread, on a desktop processor.
      'no-restricted-properties': [
        'error',
        {
          property: 'toLocaleString',
          message: 'Use formatCount from common/format-count.ts: it loads no locale data.',
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Intl', message: 'Intl loads the browser locale data: format by hand instead.' },
      ],
    },
  },
  {
    // The owner's pages: the same rules for React and accessibility as the site's. They are
    // no visitor's page, so the site's rules about locale data do not apply.
    files: ['owner/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  // Every rule of the architecture above, over resolved import paths.
  ...boundaryConfig(import.meta.dirname),
);
