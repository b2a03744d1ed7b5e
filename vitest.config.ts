import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'stack/**/*.test.ts', 'bench/**/*.test.ts', 'supabase/functions/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        // Builds the app with Vite and checks the first screen's download (scripts/bundle-size.ts).
        test: { name: 'bundle', include: ['tests/bundle/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // Tests start `node --import tsx` children; without this, tsx keeps a compile cache in the temp
          // folder whenever vitest is run directly instead of through npm test (whose scripts set it).
          env: { TSX_DISABLE_CACHE: '1' },
          // One throwaway stack serves every file; files run one after another on 2 cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
