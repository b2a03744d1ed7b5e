// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// One zone per feature (read from src/features, so every domain folder — listings, tasks, documents,
// photos, messages, notes… — is covered as it is added): a feature may import only from itself and shared code.
const features = fs.existsSync(path.join(root, 'src/features'))
  ? fs.readdirSync(path.join(root, 'src/features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const layerZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in src/app or move the shared part to src/components, src/hooks or src/lib.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features must not depend on the app layer (app → features → shared).',
  },
  {
    target: ['./src/components', './src/hooks', './src/lib', './src/config', './src/types', './src/utils'],
    from: ['./src/features', './src/app'],
    message: 'Shared code must not depend on features or the app (app → features → shared).',
  },
];

export default defineConfig([
  globalIgnores(['dist', 'node_modules', '.stack', 'coverage', 'e2e/screenshots', 'src/lib/database.types.ts']),

  js.configs.recommended,
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          alias: { '@': [path.join(root, 'src')] },
          extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.json', '.d.ts'],
        }),
      ],
    },
    rules: {
      // TypeScript already reports unresolved and mis-named imports, with the real module resolution.
      'import-x/no-unresolved': 'off',
      'import-x/named': 'off',
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      // Parses every dependency (pg, zod…) to guess at misuse; 85% of lint time for little value under TypeScript.
      'import-x/no-named-as-default': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },

  // Browser code: React, the layer rules of docs/conventions.
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // Node code: the local stack, scripts, tests, tooling configs.
  {
    files: ['stack/**', 'scripts/**', 'tests/**', 'e2e/**', 'bench/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
    rules: {
      // The stack matches raw protocol input (e.g. NUL as a placeholder in glob patterns) on purpose.
      'no-control-regex': 'off',
      // Its errors are rewrapped into one readable message (SQL position, hint) for a terminal, not for a stack trace chain.
      'preserve-caught-error': 'off',
    },
  },
  {
    files: ['tests/**', 'e2e/**', 'bench/**'],
    rules: {
      // Tests and benchmarks poke at raw wire payloads (realtime messages, JSON bodies) where `any` is the honest type.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  // Code run by Deno: Edge Functions, the stack's worker entry scripts and test fixture functions.
  {
    files: ['supabase/functions/**', 'stack/functions/**/deno-*.{js,ts}', 'tests/fixtures/functions/**'],
    languageOptions: { globals: { ...globals.browser, Deno: 'readonly' } },
    rules: {
      // Deno files inside the Node tsconfig's folders opt out of Node type-checking; the comment must say why.
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-nocheck': 'allow-with-description' }],
    },
  },
]);
