import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { slowFilesFirst } from './tests/support/slow-files-first.ts';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

/**
 * Integration files mostly wait on their stack (HTTP, realtime, bcrypt in the
 * auth service), so three workers keep two cores busy; each worker has a stack
 * of its own (tests/support/worker-stacks.ts).
 */
const INTEGRATION_WORKERS = 3;
/** Browser files keep Chromium, the app server and a stack busy per worker: two on two cores. */
const E2E_WORKERS = 2;

/**
 * Files that take far longer than their size suggests (they start stacks or
 * many pages of their own), longest first: they start first in their project,
 * so a run on a clean clone, which has no recorded durations, does not end
 * waiting on one of them alone (tests/support/slow-files-first.ts).
 */
const SLOW_FILES = [
  // integration, 6–40 s each
  'tests/integration/stack-cli.test.ts',
  'tests/integration/temp-cleanup.test.ts',
  'tests/integration/rls-matrix.test.ts',
  'tests/integration/stack-checkout.test.ts',
  'tests/integration/hardening-auth.test.ts',
  'tests/integration/functions-offline.test.ts',
  'tests/integration/ai-smart-reminders.test.ts',
  'tests/integration/ai-chat.test.ts',
  'tests/integration/ai-listing-descriptions.test.ts',
  'tests/integration/party-messages-mail.test.ts', // a second stack whose SMTP is a closed port
  // browser, 25–52 s each
  'e2e/demo-data.test.ts',
  'e2e/shell-navigation.test.ts',
  'e2e/agent-assignments.test.ts',
  'e2e/contract-intake.test.ts',
  'e2e/compliance.test.ts',
  'e2e/card-emails.test.ts',
  // browser, 7–9 s though among the smallest files: last in size order, they ended the run on one worker
  'e2e/calendar-feed.test.ts',
  'e2e/listing-voice.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: slowFilesFirst(SLOW_FILES) },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'stack/**/*.test.ts', 'bench/**/*.test.ts', 'supabase/functions/**/*.test.ts'],
          environment: 'node',
          // A worker process runs its files one after another, as in the other projects: a fresh process
          // per file spent 17 CPU-s on 42 files whose tests take 5 s (8 CPU-s without; order-shuffled runs pass).
          isolate: false,
        },
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
          // Each worker gets a throwaway stack of its own; its files run one after another on it.
          setupFiles: ['tests/support/worker-setup.ts'],
          // Tests start `node --import tsx` children; without this, tsx keeps a compile cache in the temp
          // folder whenever vitest is run directly instead of through npm test (whose scripts set it).
          env: { TSX_DISABLE_CACHE: '1' },
          maxWorkers: INTEGRATION_WORKERS,
          // A worker process runs its files one after another without a fresh process per file: starting
          // one and importing supabase-js, pg and the helpers again cost about a second of CPU per file.
          isolate: false,
          // Projects with their own maxWorkers need their own place in the order when run together.
          sequence: { groupOrder: 1 },
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
          // Each worker gets a stack and an app server of its own; its files run one after another on them.
          setupFiles: ['e2e/support/worker-setup.ts'],
          maxWorkers: E2E_WORKERS,
          // A worker process runs its files one after another and keeps one Chromium for them (e2e/support/browser.ts).
          isolate: false,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
