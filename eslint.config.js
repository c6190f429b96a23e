// ESLint: typescript-eslint's type-checked recommended rules for every TypeScript file, React's hook rules for the web app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'web/dist/', 'data/', 'infra/testing/golden/', 'web/src/routeTree.gen.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Control characters are matched on purpose (spreadsheet-safe CSV cells, ANSI colours in logs).
      'no-control-regex': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // The SQLite and in-memory adapters answer synchronously behind ports whose methods return promises: an async
      // method without an await is how they keep the port's shape (and turn a throw into a rejection), not a slip.
      '@typescript-eslint/require-await': 'off',
      // A rejection handed on as it came (typed unknown) is allowed; a new one must still be an Error.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // The router's redirect() and notFound() are thrown on purpose: TanStack Router catches them as navigation.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
      // An Intl formatter made at module load reads its locale's data out of ICU: megabytes every process and page pays
      // for at start, whether or not it ever shows a date. Make it on first use with lazily() (contracts/shared).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name="Intl"]',
          message: 'Make an Intl formatter on first use: lazily(() => new Intl…) from contracts/shared/lazily.ts',
        },
      ],
    },
  },
  {
    // Plain JavaScript (this file, the bench probes) is outside tsconfig.json: no types to check it with.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests and harnesses read JSON answers as any, whose shape each assertion states: the no-unsafe-* rules would flag
    // every such read (over 1,600 of them) and no assertion would be safer for it. The promise rules stay on here too.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.e2e.ts', 'infra/testing/**', 'infra/chaos/**', 'infra/bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
