/**
 * Contract intake without a model (steps 1–3: form fields, text layer, OCR)
 * on the fixtures in tests/fixtures/contracts: per source kind (fillable,
 * text, scan) the field accuracy (exact after normalisation; a missing or
 * extra fact counts against it), the share of proposals whose citation is
 * found on its page (must be 100 %), and seconds per contract p50/p95 —
 * reading the PDF, OCR of its scanned pages and the reading itself, with the
 * OCR worker started once beforehand (its start is printed apart). Wall
 * seconds are the goal's measure; CPU seconds (this process and its OCR
 * thread) are printed beside them, since on a shared 2-core machine the wall
 * time of a loaded moment says more about the load than the reader. Fails when
 * a goal is missed: ≥ 95 % on fillable and text PDFs, ≥ 85 % on scans, every
 * proposal cited, p95 ≤ 10 s for the 12-page text PDFs.
 *
 *   npm run bench -- contract-intake [--verbose]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createNodeOcr, readContractPdf } from '../tests/support/contract-reading-node.ts';
import { FIXTURE_DIR, loadTruth, scoreReading, type Score } from '../tests/fixtures/contracts/score.ts';
import type { SourceKind } from '../tests/fixtures/contracts/generate.ts';
import { percentile } from './_percentile.ts';

const GOALS: Record<SourceKind, number> = { fillable: 0.95, text: 0.95, scan: 0.85 };
const LONG_TEXT_P95_SECONDS = 10;
const verbose = process.argv.includes('--verbose');

const entries = loadTruth();
const ocrStarted = performance.now();
const ocr = await createNodeOcr();
console.log(`OCR worker start: ${((performance.now() - ocrStarted) / 1000).toFixed(2)} s (once per session)`);

const results: { kind: SourceKind; pages: number; seconds: number; cpuSeconds: number; score: Score }[] = [];
try {
  for (const entry of entries) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, entry.file)));
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const { extracted, pages, reading } = await readContractPdf(bytes, ocr);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const score = scoreReading(entry, reading, { fields: extracted.fields, pages });
    results.push({ kind: entry.kind, pages: reading.pages, seconds, cpuSeconds, score });
    if (verbose || score.wrong.length > 0 || score.missing.length > 0) {
      console.log(`${entry.file}: ${score.right}/${score.expected} right in ${seconds.toFixed(2)} s (CPU ${cpuSeconds.toFixed(2)} s)${score.missing.length ? `; missing ${score.missing.join(', ')}` : ''}`);
      for (const wrong of score.wrong) console.log(`  wrong ${wrong.key}: proposed ${JSON.stringify(wrong.proposed)}, truth ${JSON.stringify(wrong.truth)}`);
    }
  }
} finally {
  await ocr.terminate();
}

const failures: string[] = [];
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
console.log(`\nload average at the end: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.availableParallelism()} cores`);
console.log('kind      contracts  accuracy  wrong  flagged  cited (verified)  s/contract p50   p95  CPU s p50   p95');
for (const kind of ['fillable', 'text', 'scan'] as SourceKind[]) {
  const rows = results.filter((row) => row.kind === kind);
  const expected = rows.reduce((sum, row) => sum + row.score.expected, 0);
  const right = rows.reduce((sum, row) => sum + row.score.right, 0);
  const wrong = rows.reduce((sum, row) => sum + row.score.wrong.length, 0);
  const proposals = rows.reduce((sum, row) => sum + row.score.proposals, 0);
  const verified = rows.reduce((sum, row) => sum + row.score.verifiedCitations, 0);
  const flagged = rows.reduce((sum, row) => sum + row.score.flagged, 0);
  const seconds = rows.map((row) => row.seconds).sort((a, b) => a - b);
  const cpuSeconds = rows.map((row) => row.cpuSeconds).sort((a, b) => a - b);
  const accuracy = expected === 0 ? 0 : right / expected;
  const cited = proposals === 0 ? 1 : verified / proposals;
  console.log(
    `${kind.padEnd(9)} ${String(rows.length).padStart(9)}  ${pct(accuracy).padStart(8)}  ${String(wrong).padStart(5)}  ${String(flagged).padStart(7)}  ${pct(cited).padStart(16)}  ${percentile(seconds, 50).toFixed(2).padStart(14)}  ${percentile(seconds, 95).toFixed(2).padStart(5)}  ${percentile(cpuSeconds, 50).toFixed(2).padStart(9)}  ${percentile(cpuSeconds, 95).toFixed(2).padStart(5)}`,
  );
  if (accuracy < GOALS[kind]) failures.push(`${kind}: accuracy ${pct(accuracy)} below ${pct(GOALS[kind])}`);
  if (verified !== proposals) failures.push(`${kind}: ${proposals - verified} proposal(s) without a verified citation`);
}
const longRows = results.filter((row) => row.kind === 'text' && row.pages >= 12);
const longText = longRows.map((row) => row.seconds).sort((a, b) => a - b);
const longCpu = longRows.map((row) => row.cpuSeconds).sort((a, b) => a - b);
const longP95 = percentile(longText, 95);
console.log(
  `\n12-page text PDFs: ${longText.length}, p50 ${percentile(longText, 50).toFixed(2)} s, p95 ${longP95.toFixed(2)} s (goal ≤ ${LONG_TEXT_P95_SECONDS} s); CPU p50 ${percentile(longCpu, 50).toFixed(2)} s, p95 ${percentile(longCpu, 95).toFixed(2)} s`,
);
if (longText.length === 0) failures.push('no 12-page text PDF among the fixtures');
else if (longP95 > LONG_TEXT_P95_SECONDS) failures.push(`12-page text PDFs: p95 ${longP95.toFixed(2)} s above ${LONG_TEXT_P95_SECONDS} s`);

if (failures.length > 0) {
  console.error(`\nmissed: ${failures.join('; ')}`);
  process.exit(1);
}
