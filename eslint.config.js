import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Dependency direction (ARCHITECTURE.md): views -> app -> machines -> domain; adapters -> contract, domain;
// functions -> contract, domain. Machines and domain stay free of React, Mantine, i18next, Firebase and the
// router; only src/adapters/firebase talks to the Firebase client SDK.
const uiAndSdk = [
  { group: ['react', 'react-dom', 'react-dom/*', '@xstate/react'], message: 'machines/ and src/domain/ must not import React.' },
  { group: ['@mantine/*'], message: 'machines/ and src/domain/ must not import Mantine.' },
  { group: ['i18next', 'react-i18next', 'i18next-*'], message: 'machines/ and src/domain/ hold keys, not translations.' },
  { regex: '^(firebase|@firebase|firebase-admin)(/.*)?$', message: 'machines/ and src/domain/ must not import Firebase; use machines/ports.ts.' },
  { group: ['react-router', 'react-router-dom'], message: 'machines/ and src/domain/ must not import the router.' },
];
const outward = (...dirs) => dirs.map((d) => ({ group: [`**/${d}/**`, `**/${d}`], message: `wrong dependency direction: may not import ${d}/` }));

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
  {
    files: ['src/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...uiAndSdk, ...outward('machines', 'app', 'views', 'adapters', 'contract', 'visualizer', 'functions')] }] },
  },
  {
    files: ['machines/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...uiAndSdk, ...outward('app', 'views', 'adapters', 'contract', 'visualizer', 'functions')] }] },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...uiAndSdk, ...outward('machines', 'app', 'views', 'adapters', 'visualizer', 'functions')] }] },
  },
  {
    // Only the Firebase adapter may use the client SDK.
    files: ['src/app/**/*.{ts,tsx}', 'src/views/**/*.{ts,tsx}', 'src/i18n/**/*.ts', 'src/visualizer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(firebase|@firebase)(/.*)?$', message: 'only src/adapters/firebase/ imports the Firebase SDK.' }] }] },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(firebase|@firebase)(/.*)?$', message: 'only src/adapters/firebase/ imports the Firebase SDK.' }, ...outward('adapters', 'functions')] }] },
  },
);
