/**
 * `npm run bench`: runs every benchmark script in bench/ (each `*.ts` except
 * this one), one after another in its own process so stacks and timings do
 * not interfere, and fails if any of them fails (e.g. misses its target).
 *
 *   npm run bench                 all benchmarks
 *   npm run bench -- realtime     only those whose file name contains "realtime"
 *   npm run bench -- contract-intake
 *                                 a name that is a script's whole name runs that
 *                                 script alone (not contract-intake-function too)
 *   npm run bench -- realtime-fanout --rate 40
 *                                 names first; everything from the first option
 *                                 on is passed to each script
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const only = firstOption < 0 ? args : args.slice(0, firstOption);
const scriptArgs = firstOption < 0 ? [] : args.slice(firstOption);
const available = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'));
const isNamed = (name: string, file: string) => file === name || file === `${name}.ts`;
/** A name that is a script's whole name picks that script; any other name picks the scripts containing it. */
const picks = (name: string, file: string) => (available.some((other) => isNamed(name, other)) ? isNamed(name, file) : file.includes(name));
const scripts = available.filter((f) => only.length === 0 || only.some((name) => picks(name, f))).sort();

const failed: string[] = [];
for (const script of scripts) {
  console.log(`\n== ${script}`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script), ...scriptArgs], { stdio: 'inherit' });
  console.log(`== ${script}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status ?? result.signal})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failed.push(script);
}
if (scripts.length === 0) console.log('no benchmarks found');
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
