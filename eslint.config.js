import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Dependency zones (ARCHITECTURE.md "Layout"): views render props, machine snapshots (through a machine module's
// actor type and selectors), domain rules and texts; app wires machines to adapters and renders views; machines
// use only xstate, the domain and the contract's types (a callable's request and answer are written once, in
// src/contract; a value import would bring zod into a machine); the domain only zod (and dayjs); adapters -> contract, domain; functions ->
// contract, domain. Only src/adapters/firebase talks to the Firebase client SDK.

/** The folders of `dir` (relative to this file), so a folder added later falls into the zones at once. */
const foldersOf = (dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => entry.name);
const SRC_FOLDERS = foldersOf('src');
const ROOT_FOLDERS = ['machines', 'functions', 'tests', 'scripts', 'seed', 'e2e'];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A relative import that climbs into `folder` (a folder of src/ or of the repository root). */
const into = (folder, message) => ({ regex: `^(\\.\\./)+${escape(folder)}(/|$)`, message });
const notInto = (folders, message) => folders.map((folder) => into(folder, message));
/** Packages: only these (relative imports are judged by the folder patterns). */
const onlyPackages = (packages, message) => ({ regex: `^(?!(${packages.map(escape).join('|')})(/|$)|\\.)`, message });

const FIREBASE_SDK = { regex: '^(firebase|@firebase)(/.*)?$', message: 'only src/adapters/firebase/ imports the Firebase SDK.' };
const CONTRACT_ONLY = 'src/contract/ may import only src/contract/, src/domain/ and zod.';
const MACHINES_ONLY =
  'machines/ may import only xstate, machines/, src/domain/ and the types of src/contract/ (no React, Mantine, i18next, Firebase or router: the outside world comes through ports).';
const MACHINES_CONTRACT_TYPES = 'machines/ may import only the types of src/contract/ (`import type`): the schemas run in the adapter.';
const DOMAIN_ONLY = 'src/domain/ may import only src/domain/, zod and dayjs.';
const VIEWS_MAY_NOT = 'src/views/ knows props, machine types and selectors, domain, i18n and components: not src/app/, src/adapters/ or functions/.';
const VIEWS_MACHINES = 'src/views/ may import a machine module (its actor type and selectors), nothing else from machines/.';
const ADAPTERS_MAY_NOT = 'src/adapters/ implements the ports: it may not import src/app/, src/views/ or React.';
const FUNCTIONS_MAY_NOT = 'functions/ shares only src/domain/ and src/contract/ with the client.';

const zones = [
  {
    files: ['machines/**/*.ts'],
    patterns: [
      onlyPackages(['xstate'], MACHINES_ONLY),
      { regex: '(^|/)src/(?!domain/|contract/)', message: MACHINES_ONLY },
      { regex: '(^|/)src/contract(/|$)', message: MACHINES_CONTRACT_TYPES, allowTypeImports: true },
      ...notInto(ROOT_FOLDERS.filter((folder) => folder !== 'machines'), MACHINES_ONLY),
    ],
    // typescript-eslint's rule, for `allowTypeImports` on the contract.
    typed: true,
  },
  {
    files: ['src/domain/**/*.ts'],
    patterns: [
      onlyPackages(['zod', 'dayjs'], DOMAIN_ONLY),
      ...notInto([...SRC_FOLDERS.filter((folder) => folder !== 'domain'), ...ROOT_FOLDERS], DOMAIN_ONLY),
    ],
  },
  {
    files: ['src/contract/**/*.ts'],
    patterns: [
      onlyPackages(['zod'], CONTRACT_ONLY),
      ...notInto([...SRC_FOLDERS.filter((folder) => folder !== 'contract' && folder !== 'domain'), ...ROOT_FOLDERS], CONTRACT_ONLY),
    ],
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    patterns: [FIREBASE_SDK, into('functions', 'src/app/ reaches the server through the callables port.')],
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    patterns: [FIREBASE_SDK, ...notInto(['app', 'adapters', 'functions'], VIEWS_MAY_NOT), { regex: '(^|/)machines/(?!(\\w+/)?\\w+\\.machine$)', message: VIEWS_MACHINES }],
  },
  { files: ['src/i18n/**/*.ts', 'src/visualizer/**/*.{ts,tsx}'], patterns: [FIREBASE_SDK] },
  {
    files: ['src/adapters/**/*.ts'],
    patterns: [
      ...notInto(['app', 'views', 'visualizer'], ADAPTERS_MAY_NOT),
      { regex: '^(react|react-dom|@xstate/react|react-router|react-router-dom)(/|$)', message: ADAPTERS_MAY_NOT },
    ],
  },
  {
    files: ['functions/**/*.ts'],
    patterns: [{ regex: '(^|/)src/(app|views|adapters)(/|$)', message: FUNCTIONS_MAY_NOT }, into('machines', FUNCTIONS_MAY_NOT)],
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'coverage', 'functions/lib', 'node_modules', '.bench', 'functions/node_modules', 'statecharts', 'test-results', 'playwright-report', '.emulators'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...zones.map(({ files, patterns, typed }) => ({
    files,
    rules: typed
      ? { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': ['error', { patterns }] }
      : { 'no-restricted-imports': ['error', { patterns }] },
  })),
);
