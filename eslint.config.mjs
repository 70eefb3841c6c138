import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      '.next/**',
      // What `npm run build:vercel` writes (the platform's build output and the CLI's own folder).
      '.vercel/**',
      'lib/cache/compiled/**',
      '.data/**',
      'node_modules/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  {
    // The inventory is one part with one door (docs/inventory.md): outside its folder, only its index.
    // Before the components' rule, which (later, so winning for the same rule) bans lib/server outright.
    files: ['**/*.{ts,tsx,mts}'],
    ignores: ['lib/server/inventory/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/server/inventory/*', '**/server/inventory/*'],
              message: "Import the inventory through '@/lib/server/inventory' (its index.ts) only.",
            },
          ],
        },
      ],
    },
  },
  {
    // components/ runs in the browser: server-only code must never leak into it.
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@/lib/server/*', '@/lib/server'] }],
    },
  },
  {
    // No import circles under lib/: a circle works only by the accident of load order (payments once
    // needed dynamic imports and call-time lookups to survive one). Type-only imports do not count.
    files: ['lib/**/*.{ts,tsx}'],
    settings: { 'import/ignore': ['node_modules'] },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
];
export default config;
