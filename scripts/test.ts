/**
 * `npm test`: the whole suite, in order — typecheck, lint, unit, the bundle
 * budget (a production build's first-screen download, tests/bundle/),
 * integration, database checks (advisors + generated-types drift), browser
 * tests — then a check that no process of a throwaway stack outlived its tests.
 *
 * It first sweeps the temporary folders of earlier runs whose process is gone
 * (a killed run's throwaway stacks, reports, browser profiles), never those of
 * a run still going (stack/temp-dirs.ts), and removes its own on any exit.
 *
 * Every step runs even when an earlier one failed, so one run shows every
 * problem; the exit code is non-zero if any step failed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ownedTempDir, sweepDeadTempDirs } from '../stack/temp-dirs.ts';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{ status: string; assertionResults: Array<{ status: string }> }>;
}

interface Step {
  name: string;
  command: string[];
  /** vitest JSON report to count tests from */
  report?: string;
}

const swept = sweepDeadTempDirs();
if (swept.length > 0) console.log(`Removed ${swept.length} temporary folder(s) left by earlier runs that died:\n  ${swept.join('\n  ')}`);
const reports = ownedTempDir('listingdesk-reports-');
const reportDir = reports.path;
// Throwaway stacks of this run put this id in their folder names (tests/support/throwaway-stack.ts).
const runId = path.basename(reportDir).slice('listingdesk-reports-'.length);
process.env.LISTINGDESK_TEST_RUN = runId;
const vitest = (project: string): Step => {
  const report = path.join(reportDir, `${project}.json`);
  return {
    name: `${project} tests`,
    command: ['npx', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    report,
  };
};

const only = process.argv.slice(2);
const steps: Step[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '-b', '--noEmit'] },
  { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings=0'] },
  vitest('unit'),
  { ...vitest('bundle'), name: 'bundle budget' },
  vitest('integration'),
  { name: 'database checks', command: [process.execPath, '--import', 'tsx', 'scripts/check-database.ts'] },
  vitest('e2e'),
].filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o)));

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
const timings: string[] = [];

for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━ ${step.command.join(' ')}`);
  const t0 = performance.now();
  const result = spawnSync(step.command[0], step.command.slice(1), { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  timings.push(`${step.name}: ${seconds} s`);
  if (step.report && fs.existsSync(step.report)) {
    const r = JSON.parse(fs.readFileSync(step.report, 'utf8')) as VitestReport;
    // A file that fails outside any test (its beforeAll, an import) marks its tests skipped, not failed:
    // count such a file as one failure so the closing line never reads "0 failed" for a broken suite.
    const brokenFiles = r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
    passed += r.numPassedTests;
    failed += r.numFailedTests + brokenFiles;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  if (result.status !== 0) failures.push(`${step.name} (exit ${result.status ?? result.signal})`);
}

// A throwaway stack that outlives its tests would hold ports and memory on CI.
const strays = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
  .stdout.split('\n')
  .filter((line) => line.includes(`listingdesk-test-${runId}-`) && !line.includes('ps -eo'));
if (strays.length > 0) failures.push(`stray processes of throwaway stacks:\n${strays.join('\n')}`);

reports.remove();
console.log(`\n━━ summary ━━\n${timings.join('\n')}`);
if (failures.length > 0) console.log(`\nFailed steps:\n- ${failures.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
