// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const appPackages = ['@latch/loader', '@latch/frame', '@latch/provider', '@latch/demo'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.latch/**',
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
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: appPackages, message: 'packages/* must not import apps/*.' },
            { group: ['**/apps/**', '../../apps/*'], message: 'packages/* must not import apps/*.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/screens/**/*.tsx', 'apps/frame/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
