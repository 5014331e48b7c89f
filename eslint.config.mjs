// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const appPackages = ['@latch/loader', '@latch/frame', '@latch/provider', '@latch/demo'];

// Boundaries: a package is reached only through its entry; packages never reach into apps.
const deepImports = {
  group: ['@latch/*/src', '@latch/*/src/**', '**/packages/*/src', '**/packages/*/src/**'],
  message: 'Import a package through its entry (@latch/<pkg>), never its src/.',
};
const packageRules = [
  deepImports,
  { group: appPackages, message: 'packages/* must not import apps/*.' },
  { group: ['**/apps/**', '../../apps/*'], message: 'packages/* must not import apps/*.' },
];
const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// Test support (the test-support workspace, the in-process provider in msw/, each workspace's test/
// folder of kits and fixtures) is for tests only: product code never imports it.
const testSupportPackage = {
  group: [
    '@latch/test-support',
    '@latch/test-support/*',
    '@latch/msw',
    '@latch/msw/*',
    '**/test',
    '**/test/**',
  ],
  message: 'Product code never imports test support (@latch/test-support, @latch/msw, test/ folders).',
};
// Tests, and the files only tests load, per workspace.
const TEST_CODE = ['**/*.test.{ts,tsx}', '**/test/**', '**/*.typetest.ts', '**/types-check/**'];

// The screens' test support (fixtures, fakes, test kits) lives in packages/screens/src/test/, for tests only.
const SCREENS_TEST_SUPPORT = ['packages/screens/src/test/**', 'packages/screens/src/**/*.test.{ts,tsx}'];
const testSupport = {
  group: [
    '**/test',
    '**/test/**',
    'vitest',
    '@testing-library/*',
    'msw',
    'msw/*',
    '@latch/msw',
    '@latch/msw/*',
    '@latch/test-support',
    '@latch/test-support/*',
  ],
  message: 'Screen code never imports test support: fixtures and fakes live in packages/screens/src/test/.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.latch/**',
      // Build scratch: the published packages' declarations before bundling (scripts/bundleTypes.mjs).
      '**/.tsbuild/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/demo/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          // Never post data to any origin: penpal's handshake is the only '*' send, inside penpal.
          selector: "CallExpression[callee.property.name='postMessage'] > Literal[value='*']",
          message: "postMessage(..., '*') is forbidden; name the exact target origin.",
        },
        {
          selector:
            "CallExpression[callee.property.name='postMessage'] Property[key.name='targetOrigin'] > Literal[value='*']",
          message: "postMessage with targetOrigin '*' is forbidden; name the exact target origin.",
        },
      ],
    },
  },
  // Each block below replaces the one before it for its files, so each lists every pattern that applies.
  { files: ['**/*.{ts,tsx,mjs}'], rules: restrictImports([deepImports]) },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: TEST_CODE,
    rules: restrictImports([deepImports, testSupportPackage]),
  },
  { files: ['packages/**/*.{ts,tsx}'], rules: restrictImports(packageRules) },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: [...TEST_CODE, 'packages/test-support/**'],
    rules: restrictImports([...packageRules, testSupportPackage]),
  },
  {
    // The API client stands alone: the provider's wire format, nothing of ours.
    files: ['packages/api/**/*.{ts,tsx}'],
    rules: restrictImports([
      ...packageRules,
      { group: ['@latch/*'], message: 'packages/api imports nothing of ours (@latch/*).' },
    ]),
  },
  {
    // The protocol is shared with the loader, which must stay free of React.
    files: ['packages/protocol/**/*.{ts,tsx}'],
    rules: restrictImports([
      ...packageRules,
      testSupportPackage,
      {
        group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'jotai', 'jotai/*'],
        message: 'packages/protocol has no React (react, react-dom, jotai).',
      },
    ]),
  },
  {
    files: ['packages/screens/src/**/*.{ts,tsx}'],
    ignores: SCREENS_TEST_SUPPORT,
    rules: restrictImports([...packageRules, testSupport]),
  },
  {
    // The React bindings are built on the loader's published module API, and on nothing else of apps/.
    files: ['packages/react/**/*.{ts,tsx}'],
    rules: restrictImports([
      deepImports,
      {
        group: appPackages.filter((name) => name !== '@latch/loader'),
        message: 'packages/* must not import apps/*.',
      },
      { group: ['**/apps/**', '../../apps/*'], message: 'packages/* must not import apps/*.' },
      testSupportPackage,
    ]),
  },
  {
    files: ['packages/screens/**/*.tsx', 'apps/frame/**/*.tsx', 'packages/react/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
