/**
 * `npm test`: the whole suite — typecheck, lint, unit, the bundle budget (a
 * production build's first-screen download, tests/bundle/), integration,
 * database checks (advisors + generated-types drift), browser tests — then a
 * check that no process of a throwaway stack outlived its tests.
 *
 *   npm test                  everything
 *   npm test -- quick         typecheck, lint, unit, and the integration files
 *                             related to the working tree's changes (vitest
 *                             --changed: files changed or untracked since HEAD,
 *                             and the test files importing them)
 *   npm test -- <prefix>…     the steps whose names start with a prefix
 *
 * The integration tests run beside the other checks (typecheck, unit, bundle,
 * database checks, ESLint, one after another): they wait on their stacks and
 * leave part of the two cores idle. The browser tests run alone. The first lane
 * of each stage shows its output as it comes, the others' is printed whole
 * when the stage ends.
 *
 * It first sweeps the temporary folders of earlier runs whose process is gone
 * (a killed run's throwaway stacks, reports, browser profiles), never those of
 * a run still going (stack/temp-dirs.ts), and removes its own on any exit.
 *
 * Every step runs even when an earlier one failed, so one run shows every
 * problem; the exit code is non-zero if any step failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownedTempDir, sweepDeadTempDirs } from '../stack/temp-dirs.ts';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    name: string;
    status: string;
    /** why the file failed outside any test (its beforeAll, an import) */
    message?: string;
    assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
  }>;
}

interface Step {
  name: string;
  command: string[];
  /** vitest JSON report to count tests from */
  report?: string;
}

/** Steps run one after another in a lane; the lanes of a stage run side by side. */
type Stage = Step[][];

/** Where Linux keeps a RAM file system (tmpfs) that every user may write to. */
const RAM_FOLDER = '/dev/shm';
const TMPFS_MAGIC = 0x01021994;
/** Room the run needs there: its stacks' clusters, builds and browser profiles took up to 354 MB on this machine. */
const RAM_FOLDER_MIN_FREE = 4 * 1024 ** 3;

/**
 * The run's temporary folder goes in RAM when the machine has a tmpfs with
 * room. A run creates and deletes tens of thousands of files (a stack's
 * cluster copy alone is 1,341), and on a disk file system each creation can
 * cost far more than its bytes: on these machines' ext4, which has no journal,
 * the kernel skips every inode deleted in the last minutes before it reuses
 * one, so copying a cluster took 1.1 s of system CPU mid-run instead of
 * 0.08 s. Elsewhere, or when TMPDIR is set, the run keeps the temporary
 * folder it was given.
 */
function ramTempParent(): string | undefined {
  try {
    const fsStats = fs.statfsSync(RAM_FOLDER);
    if (fsStats.type !== TMPFS_MAGIC || fsStats.bavail * fsStats.bsize < RAM_FOLDER_MIN_FREE) return undefined;
    fs.accessSync(RAM_FOLDER, fs.constants.W_OK);
    return RAM_FOLDER;
  } catch {
    return undefined;
  }
}

const diskTemp = os.tmpdir();
const ramParent = process.env.TMPDIR ? undefined : ramTempParent();
if (ramParent) {
  // The steps, and everything they start, put their temporary folders there. The folders stay named and
  // removed as in any temporary folder (stack/temp-dirs.ts); they go in it directly, not in a folder of the run:
  // Chromium's socket path under a deeper folder passed the 107 characters a Unix socket path may have.
  process.env.LISTINGDESK_DISK_TMPDIR = diskTemp;
  process.env.TMPDIR = ramParent;
}
const swept = (ramParent ? [diskTemp, ramParent] : [diskTemp]).flatMap((parent) => sweepDeadTempDirs(parent));
if (swept.length > 0) console.log(`Removed ${swept.length} temporary folder(s) left by earlier runs that died:\n  ${swept.join('\n  ')}`);
const reports = ownedTempDir('listingdesk-reports-');
const reportDir = reports.path;
// Throwaway stacks of this run put this id in their folder names (tests/support/throwaway-stack.ts).
const runId = path.basename(reportDir).slice('listingdesk-reports-'.length);
process.env.LISTINGDESK_TEST_RUN = runId;
const vitest = (project: string, name = `${project} tests`, extra: string[] = []): Step => {
  const report = path.join(reportDir, `${project}.json`);
  return {
    name,
    command: ['npx', 'vitest', 'run', '--project', project, ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    report,
  };
};

// As `npm run typecheck`: the native TypeScript 7 compiler by its path, since `.bin/tsc` may link to the
// TypeScript 6 that @typescript/typescript6 (our `typescript`, the API typescript-eslint needs) brings along.
// On one thread: here it shares both cores with the integration files, and its default four checkers
// spent 11–13 CPU-s on a clean tree against 5–6 single-threaded (`npm run typecheck`, alone, keeps one
// checker: 3.8–4.2 s against 5.7–7.0 s with four).
const typecheck: Step = { name: 'typecheck', command: [process.execPath, 'node_modules/typescript-native/bin/tsc', '-b', '--noEmit', '--singleThreaded'] };
const lint: Step = { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings=0'] };
const unit = vitest('unit');
const bundle = vitest('bundle', 'bundle budget');

const args = process.argv.slice(2);
let stages: Stage[];
if (args.length === 1 && args[0] === 'quick') {
  const changedIntegration = vitest('integration', 'integration tests (changed)', ['--changed', '--passWithNoTests']);
  stages = [[[typecheck, unit], [lint]], [[changedIntegration]]];
} else {
  const all: Stage[] = [
    // As a first stage of their own, the checks before the integration tests took 13–20 s with the cores not always busy.
    [[vitest('integration')], [typecheck, unit, bundle, { name: 'database checks', command: [process.execPath, '--import', 'tsx', 'scripts/check-database.ts'] }, lint]],
    [[vitest('e2e')]],
  ];
  const wanted = (step: Step) => args.length === 0 || args.some((prefix) => step.name.startsWith(prefix));
  stages = all.map((stage) => stage.map((lane) => lane.filter(wanted)).filter((lane) => lane.length > 0)).filter((stage) => stage.length > 0);
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
/** Each failed test, by file and name, with the first line of its error: the summary is what a CI log's tail shows. */
const failedTests: string[] = [];
const timings: string[] = [];

const header = (step: Step) => `\n━━ ${step.name} ━━ ${step.command.join(' ')}`;

/**
 * Runs a step. A live step's output goes straight to ours; another's is kept
 * and returned (steps beside a live one), to be printed whole after it.
 */
function runStep(step: Step, live: boolean): Promise<string> {
  if (live) console.log(header(step));
  const t0 = performance.now();
  const child = spawn(step.command[0], step.command.slice(1), {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => output.push(b));
  child.stderr?.on('data', (b: Buffer) => output.push(b));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      timings.push(`${step.name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      countTests(step);
      if (code !== 0) failures.push(`${step.name} (exit ${code ?? signal})`);
      resolve(live ? '' : `${header(step)}\n${Buffer.concat(output).toString('utf8')}`);
    });
  });
}

function countTests(step: Step): void {
  if (!step.report || !fs.existsSync(step.report)) return;
  const r = JSON.parse(fs.readFileSync(step.report, 'utf8')) as VitestReport;
  // A file that fails outside any test (its beforeAll, an import) marks its tests skipped, not failed:
  // count such a file as one failure so the closing line never reads "0 failed" for a broken suite.
  let brokenFiles = 0;
  for (const file of r.testResults) {
    const where = path.relative(process.cwd(), file.name);
    const failedHere = file.assertionResults.filter((a) => a.status === 'failed');
    for (const test of failedHere) failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedHere.length === 0) {
      brokenFiles++;
      // Vitest's JSON report keeps a file's own error (an import) but not a suite hook's: that one is in the step's output.
      failedTests.push(`${where}: ${file.message ? firstLine(file.message) : 'failed outside its tests (a hook); the error is in the step’s output'}`);
    }
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests + brokenFiles;
  skipped += r.numPendingTests + r.numTodoTests;
}

function firstLine(message: string | undefined): string {
  const line = (message ?? '').split('\n').find((l) => l.trim() !== '') ?? 'no message';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

const started = performance.now();
for (const stage of stages) {
  // The first lane of a stage shows its output as it comes; the others' follows when the stage ends.
  const kept = await Promise.all(
    stage.map(async (lane, index) => {
      let output = '';
      for (const step of lane) output += await runStep(step, index === 0);
      return output;
    }),
  );
  process.stdout.write(kept.join(''));
}

// A throwaway stack that outlives its tests would hold ports and memory on CI.
const strays = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
  .stdout.split('\n')
  .filter((line) => line.includes(`listingdesk-test-${runId}-`) && !line.includes('ps -eo'));
if (strays.length > 0) failures.push(`stray processes of throwaway stacks:\n${strays.join('\n')}`);

reports.remove();
console.log(`\n━━ summary ━━\n${timings.join('\n')}\ntotal: ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) console.log(`\nFailed steps:\n- ${failures.join('\n- ')}`);
if (failedTests.length > 0) console.log(`\nFailed tests:\n- ${failedTests.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
