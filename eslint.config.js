// One flat config for every workspace; type-aware rules use each package's tsconfig.
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'apps/web/src';
const webFeatures = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ca/**',
      '**/dist-baseline/**',
      'data/**',
      '**/*.config.js',
      '**/*.config.ts',
      'bench/.tmp/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The architecture STYLE §7 writes down, enforced (bulletproof-react's zones).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features never import each other; routes in app/ compose them.
            ...webFeatures.map((feature) => ({
              target: `./${WEB}/features/${feature}`,
              from: `./${WEB}/features`,
              except: [`./${feature}`],
              message: 'Features never import other features; compose them in app/routes.',
            })),
            {
              target: [`./${WEB}/components`, `./${WEB}/lib`, `./${WEB}/stores`, `./${WEB}/config`],
              from: [`./${WEB}/features`, `./${WEB}/app`],
              message: 'Shared code never imports features or the app.',
            },
            { target: './apps/web', from: './apps/api', message: 'The web app never imports the API.' },
            {
              target: './packages/domain',
              from: ['./apps', './packages/scanner'],
              message: 'The domain package is pure and shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // Domain code is pure: zod and small pure libraries only (no node:*, no I/O, no DOM).
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|libphonenumber-js|\\.)',
              message: 'packages/domain imports only zod, libphonenumber-js and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: [`${WEB}/**/*.tsx`, `${WEB}/**/*.ts`],
    plugins: { 'react-hooks': reactHooks, ...jsxA11y.configs.recommended.plugins },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...jsxA11y.configs.recommended.rules,
      // MUI components take autoFocus for a dialog's or a single-purpose form's first field.
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/db/migrations/**', '**/locales/**'],
    rules: { 'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests read JSON response bodies, which are untyped by nature.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Strings and integers on the wire come from the shared building blocks (schemas/common.ts):
    // NUL-free strings and integers within PostgreSQL's range, so bad input is a 400, never a 500.
    files: [
      'packages/domain/src/schemas/**/*.ts',
      'packages/domain/src/api/**/*.ts',
      'apps/api/src/**/*.routes.ts',
    ],
    ignores: ['**/*.test.ts', 'packages/domain/src/schemas/common.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Use TextSchema from @trustleaf/domain/schemas/common (refuses NUL).',
        },
        {
          selector: "CallExpression[callee.property.name='int'][callee.object.callee.object.name='z']",
          message:
            'Use IntSchema or IdSchema from @trustleaf/domain/schemas/common (PostgreSQL integer range).',
        },
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name=/^(int|int32|bigint)$/]",
          message:
            'Use IntSchema or IdSchema from @trustleaf/domain/schemas/common (PostgreSQL integer range).',
        },
        {
          selector: "MemberExpression[object.name='z'][property.name='coerce']",
          message: 'Use QueryIntSchema or QueryIdSchema from @trustleaf/domain/schemas/common.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    // CommonJS launchers (packages/scanner/bin): parsed by any Node, so they stay require()-based.
    files: ['**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: globals.node,
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
);
