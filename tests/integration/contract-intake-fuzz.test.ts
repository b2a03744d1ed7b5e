/**
 * Fuzzing contract intake (issue 51 item 7): a few hundred mutated PDFs —
 * seeded, so every run feeds the same files — made from the fixture
 * contracts and small hand-built PDFs by truncation, byte flips, random
 * bytes, bad xref offsets, bad /Length, deleted, duplicated and cyclic
 * objects, huge numbers, bad page counts, deep nesting and unbalanced
 * delimiters (tests/support/hostile-pdf.ts).
 *
 * All of them go through the function's own reading code in this process
 * (readUntrustedPdf with pdf.js's legacy build and worker as the function
 * loads them, then the reader and the citation check): each is read or
 * refused with a message, nothing throws, no promise is left rejected. A
 * subset covering every outcome goes through HTTP as a real user: no answer
 * is a 5xx, each refusal has a message, and the function's worker is the
 * same process at the end. The summary line gives the outcome classes and
 * the time.
 */
import * as chrono from 'chrono-node';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFacts } from '../../supabase/functions/_shared/contract-reading/read-facts.ts';
import { citationIsVerified } from '../../supabase/functions/_shared/contract-reading/verify.ts';
import { readUntrustedPdf, type UntrustedReading } from '../../supabase/functions/_shared/contract-reading/untrusted-pdf.ts';
import { FIXTURE_DIR } from '../fixtures/contracts/score.ts';
import { stackInfo, withDb } from '../support/clients.ts';
import { postContract } from '../support/contract-pdf.ts';
import { inProcessPdfJs } from '../support/contract-reading-node.ts';
import { functionWorkerPids } from '../support/function-workers.ts';
import { HOSTILE_PDFS, MUTATION_KINDS, mutatedPdfs, smallFormPdf, smallTextPdf } from '../support/hostile-pdf.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

// As the function does (pdf-engine.ts): pdf.js parses on this thread, with its worker module loaded in-process.
const pdfjs = await inProcessPdfJs();

const SEED = 5107;
const FILES = 300;
const OVER_HTTP = 50;

const cpuClock = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const fixture = (file: string) => ({ name: file, bytes: new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, file))) });

/** One-page contracts: the fixtures' 12-page ones are built the same way (pdf-lib) and cost ten times the CPU per file. */
const bases = [
  { name: 'small text', bytes: smallTextPdf() },
  { name: 'small form', bytes: smallFormPdf() },
  { name: 'count -1', bytes: HOSTILE_PDFS.countMinusOne() },
  fixture('tx-terms-sheet-text.pdf'),
  fixture('tx-terms-sheet-fillable.pdf'),
  fixture('ca-rpa-table-text.pdf'),
  fixture('ca-rpa-table-fillable.pdf'),
  fixture('tx-terms-sheet-scan.pdf'),
];

const files = mutatedPdfs(bases, FILES, SEED);

/** What the function answers for a file, as read in this process: 200, or the refusal's status and reason. */
interface Outcome {
  status: number;
  reason: string;
  spentMs: number;
}

/** The function's steps after the request checks: read within bounds, then the reader and the citation check. */
async function readAsTheFunctionDoes(bytes: Uint8Array): Promise<{ reading: UntrustedReading; outcome: Outcome }> {
  const reading = await readUntrustedPdf(pdfjs, bytes, { cpuClock });
  if (!reading.ok) return { reading, outcome: { status: reading.refusal.status, reason: reading.refusal.reason, spentMs: reading.spentMs } };
  const source = { fields: reading.extracted.fields, pages: reading.extracted.pageTexts };
  const read = readFacts(source, { chrono });
  read.fields.filter((fact) => citationIsVerified(source, fact));
  return { reading, outcome: { status: 200, reason: 'read', spentMs: reading.spentMs } };
}

/** pdf.js's reason without its numbers, so refusals group into classes. */
const detailClass = (detail = '') => detail.replace(/\d+/g, 'N').replace(/"[^"]*"/g, '"…"').slice(0, 80);

const outcomes = new Map<string, Outcome>();
const classes = new Map<string, number>();

describe('fuzz: mutated PDFs are read or refused with a message, never a 5xx', () => {
  it(`${FILES} mutated PDFs (seed ${SEED}) through the function's reading code in-process: nothing throws, each refusal has a message`, async () => {
    expect(new Set(files.flatMap((file) => file.kinds)), 'every kind of mutation is fed').toEqual(new Set(MUTATION_KINDS));
    await readAsTheFunctionDoes(smallTextPdf()); // pdf.js's first document compiles its code: not a file's cost
    const thrown: string[] = [];
    const unexplained: string[] = [];
    const started = performance.now();
    const cpuStarted = cpuClock();
    for (const file of files) {
      try {
        const { reading, outcome } = await readAsTheFunctionDoes(file.bytes);
        outcomes.set(file.name, outcome);
        const key = reading.ok ? 'read' : `${reading.refusal.status} ${reading.refusal.reason}${reading.refusal.reason === 'damaged' ? `: ${detailClass(reading.refusal.detail)}` : ''}`;
        classes.set(key, (classes.get(key) ?? 0) + 1);
        if (!reading.ok && !/^(This PDF could not be read \(.+\)\. Try saving or printing it to a new PDF and upload that\.|This PDF is password-protected; .+|The PDF has \d+ pages; at most 40 pages can be read\.)$/.test(reading.refusal.message)) {
          unexplained.push(`${file.name}: ${reading.refusal.message}`);
        }
      } catch (error) {
        thrown.push(`${file.name}: ${error instanceof Error ? error.stack : String(error)}`);
      }
    }
    const inProcessMs = performance.now() - started;
    const cpuSeconds = (cpuClock() - cpuStarted) / 1000;
    const summary = [...classes].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${count} × ${key}`);
    const slowest = Math.max(...[...outcomes.values()].map((o) => o.spentMs));
    console.log(`fuzz in-process: ${files.length} files in ${(inProcessMs / 1000).toFixed(1)} s, ${cpuSeconds.toFixed(1)} s of CPU (slowest file ${slowest} ms)\n  ${summary.join('\n  ')}`);
    expect(thrown, 'no file makes the reading throw (that was a 500)').toEqual([]);
    expect(unexplained, 'every refusal says what is wrong and what to try').toEqual([]);
    expect(slowest, 'no file costs much more than the 1 s budget').toBeLessThan(1500);
  }, 120_000);

  describe('through HTTP', () => {
    let agent: Actor;
    let listingId: string;
    let token: string;
    beforeAll(async () => {
      const coord = await createActor('FuzzCoord', 'tc');
      agent = await createActor('FuzzAgent', 'agent', { assignedTcId: coord.id });
      listingId = await withDb((db) => insertRow(db, 'listings', { address: '1 Fuzz Court, Austin TX', agent_id: agent.id, tc_id: coord.id, status: 'live' }));
      token = (await agent.client.auth.getSession()).data.session!.access_token;
    });

    it(`${OVER_HTTP} of them, every outcome class included, as the listing's agent: no 5xx, each refusal a 4xx with a message; the worker survives`, async () => {
      expect(outcomes.size, 'the in-process run came first').toBe(FILES);
      // Every outcome seen in-process, then the rest evenly through the set.
      const chosen = new Map<string, (typeof files)[number]>();
      const seen = new Set<string>();
      for (const file of files) {
        const { reason } = outcomes.get(file.name)!;
        if (!seen.has(reason)) {
          seen.add(reason);
          chosen.set(file.name, file);
        }
      }
      for (let i = 0; chosen.size < OVER_HTTP && i < files.length; i += Math.max(1, Math.floor(files.length / OVER_HTTP))) chosen.set(files[i].name, files[i]);

      const first = await postContract(stackInfo().apiUrl, stackInfo().anonKey, token, listingId, smallTextPdf());
      expect(first.status, 'a good contract is read (the worker is up)').toBe(200);
      const workers = functionWorkerPids('contract-intake', stackInfo().apiUrl);
      expect(workers.length, 'one worker serves the function').toBe(1);

      const started = performance.now();
      const answers: { name: string; status: number; message?: string; expected: number }[] = [];
      const queue = [...chosen.values()];
      await Promise.all(
        Array.from({ length: 3 }, async () => {
          for (let file = queue.shift(); file; file = queue.shift()) {
            const answer = await postContract(stackInfo().apiUrl, stackInfo().anonKey, token, listingId, file.bytes);
            answers.push({ name: file.name, status: answer.status, message: answer.body.message, expected: outcomes.get(file.name)!.status });
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const counts = new Map<number, number>();
      for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      const byStatus = [...counts].map(([status, count]) => `${count} × ${status}`);
      const differ = answers.filter((a) => a.status !== a.expected);
      console.log(`fuzz over HTTP: ${answers.length} files in ${seconds.toFixed(1)} s: ${byStatus.join(', ')}; ${differ.length} answered otherwise than in-process${differ.length ? `: ${differ.map((a) => `${a.name} ${a.expected}→${a.status}`).join('; ')}` : ''}`);

      expect(answers.filter((a) => a.status >= 500).map((a) => `${a.name}: ${a.status} ${a.message}`), 'no 5xx').toEqual([]);
      expect(answers.filter((a) => a.status !== 200 && (a.status < 400 || !a.message)).map((a) => a.name), 'every refusal is a 4xx with a message').toEqual([]);
      expect(functionWorkerPids('contract-intake', stackInfo().apiUrl), 'the same worker process answered them all').toEqual(workers);
      const last = await postContract(stackInfo().apiUrl, stackInfo().anonKey, token, listingId, smallTextPdf());
      expect(last.status, 'and still reads a good contract').toBe(200);
    }, 120_000);
  });
});
