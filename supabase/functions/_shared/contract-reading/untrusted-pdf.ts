/**
 * Reading a PDF nobody vouches for (an upload to the contract-intake
 * function): every way the file can fail becomes a refusal a person can act
 * on, never an exception, and the work pdf.js may spend on it is bounded:
 *
 * - pages: none at all (`/Count 0`, `/Count -1`) is 422, more than
 *   `maxPages` 413, both before any page is read;
 * - depth: dictionaries and arrays nested deeper than `maxNesting` in the
 *   file's own bytes are refused before pdf.js parses them (pdf.js's parser
 *   recurses: a page with 20,000 nested dictionaries overflowed the stack).
 *   Nesting the scan cannot see (inside compressed object streams) still ends
 *   as a stack overflow in pdf.js, caught here like any other failure;
 * - time: from opening to the last field, at most `cpuMs` of CPU (wall clock
 *   where the runtime cannot tell CPU) and `wallMs` of wall clock. pdf.js runs
 *   on the caller's thread (hosted Edge Functions offer no worker), in loops
 *   that yield only to microtasks, so no timer interrupts them; what those
 *   loops do call is Date.now(), every 100 operators (pdf.js's
 *   TimeSlotManager). While a reading runs, Date.now is wrapped to look at the
 *   budget (at most every POLL_MS) and, once it is spent, to destroy the
 *   document: pdf.js stops at its next time slot (20 ms) and the reading is
 *   refused as too slow. Between those loops pdf.js awaits work done outside
 *   JavaScript (unpacking compressed streams with DecompressionStream), and
 *   there a timer looks at the budget. A single synchronous step that calls
 *   neither (parsing one huge object) is bounded by the file's size only.
 *
 * Readings run one at a time per process (queued), so the CPU the process
 * spends while one runs is that reading's, and two hostile files do not
 * share the budget of one. Plain TS like the rest of the reader: pdf.js and
 * the CPU clock are injected (Deno and Node pass process.cpuUsage).
 */
import { extractDocument, type PdfDocument, type PdfJs, type PdfStep } from './pdf.ts';
import type { ExtractedPdf } from './types.ts';

export interface ReadLimits {
  /** More pages than this is refused (413). */
  maxPages: number;
  /** Dictionaries/arrays nested deeper than this in the file's bytes are refused (422). */
  maxNesting: number;
  /** CPU milliseconds (wall clock where no CPU clock is given) for opening and reading. */
  cpuMs: number;
  /** Wall-clock milliseconds, whatever the CPU: a reading stuck waiting ends too. */
  wallMs: number;
}

/**
 * The function's limits. cpuMs: hosted Edge Functions stop a request at about
 * 2 s of CPU (a 5xx the caller cannot act on); a warm worker reads a 12-page
 * text contract in 34–40 ms and a fresh one in about 0.5 s (README, "Contract
 * intake"), so 1 s refuses nothing real and leaves room for the rest of the
 * request. maxNesting: contracts nest a handful of levels; 100 is far past any
 * real file and far below pdf.js's stack.
 */
export const READ_LIMITS: ReadLimits = { maxPages: 40, maxNesting: 100, cpuMs: 1000, wallMs: 10_000 };

/** pdf.js options for reading text and fields only: no eval, no fonts loaded for rendering, no console noise. */
export const UNTRUSTED_PDF_OPTIONS = { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 } as const;

/** How often (ms of wall clock, at most) the wrapped Date.now looks at the budget. */
const POLL_MS = 5;
/** How often the timer looks at it while pdf.js awaits (the event loop is free then). */
const TICK_MS = 20;
/** How long a refused reading waits for pdf.js to let go of the document before the next reading starts. */
const DESTROY_WAIT_MS = 250;

export type RefusalReason = 'password' | 'damaged' | 'no_pages' | 'too_deep' | 'too_slow' | 'too_many_pages';

export interface Refusal {
  status: 413 | 422;
  code: 'unreadable_pdf' | 'too_many_pages';
  reason: RefusalReason;
  /** For the person: what is wrong and what to try. */
  message: string;
  /** pdf.js's own words, when it gave any (for logs and the answer's details). */
  detail?: string;
  pages?: number;
}

export type UntrustedReading = ({ ok: true; extracted: ExtractedPdf } | { ok: false; refusal: Refusal }) & {
  /** CPU ms (wall ms without a CPU clock) the reading took, queueing excluded. */
  spentMs: number;
};

export interface UntrustedReadOptions {
  limits?: Partial<ReadLimits>;
  /** Passed to pdf.js's getDocument, over UNTRUSTED_PDF_OPTIONS. */
  pdfOptions?: Record<string, unknown>;
  /** The process's CPU time in ms (user + system); without it the budget counts wall-clock time. */
  cpuClock?: () => number;
}

const TRY_AGAIN = 'Try saving or printing it to a new PDF and upload that.';

function refusal(reason: Exclude<RefusalReason, 'too_many_pages'>, what: string, detail?: string): Refusal {
  const message = reason === 'password' ? 'This PDF is password-protected; save an unprotected copy and try again.' : `This PDF could not be read (${what}). ${TRY_AGAIN}`;
  return { status: 422, code: 'unreadable_pdf', reason, message, ...(detail ? { detail } : {}) };
}

function tooManyPages(pages: number, maxPages: number): Refusal {
  return { status: 413, code: 'too_many_pages', reason: 'too_many_pages', message: `The PDF has ${pages} pages; at most ${maxPages} pages can be read.`, pages };
}

/**
 * The deepest nesting of `<<` and `[` in the file's bytes outside comments,
 * strings and stream data, or the first depth past `limit` (the scan stops
 * there). Depth starts again at each `endobj`, so a damaged object does not
 * count against the next. One pass, no allocation: a few ms per MB.
 */
export function nestingDepth(bytes: Uint8Array, limit = Infinity): number {
  const n = bytes.length;
  let depth = 0;
  let deepest = 0;
  const deeper = () => {
    depth++;
    if (depth > deepest) deepest = depth;
    return deepest > limit;
  };
  const at = (i: number, word: string) => {
    for (let k = 0; k < word.length; k++) if (bytes[i + k] !== word.charCodeAt(k)) return false;
    return true;
  };
  let i = 0;
  while (i < n) {
    const c = bytes[i];
    if (c === 0x25) {
      // % comment, to the end of the line
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      // (literal string), balanced parentheses, backslash escapes
      let open = 1;
      i++;
      while (i < n && open > 0) {
        const d = bytes[i];
        if (d === 0x5c) i++;
        else if (d === 0x28) open++;
        else if (d === 0x29) open--;
        i++;
      }
      continue;
    } else if (c === 0x3c) {
      if (bytes[i + 1] === 0x3c) {
        if (deeper()) return deepest;
        i++;
      } else {
        // <hex string>
        while (i < n && bytes[i] !== 0x3e) i++;
      }
    } else if (c === 0x3e) {
      if (bytes[i + 1] === 0x3e) {
        if (depth > 0) depth--;
        i++;
      }
    } else if (c === 0x5b) {
      if (deeper()) return deepest;
    } else if (c === 0x5d) {
      if (depth > 0) depth--;
    } else if (c === 0x65 && at(i, 'endobj')) {
      depth = 0;
      i += 6;
      continue;
    } else if (c === 0x73 && at(i, 'stream') && (bytes[i + 6] === 0x0a || bytes[i + 6] === 0x0d) && !at(i - 3, 'end')) {
      // stream data: skip to its endstream
      let end = i + 7;
      for (;;) {
        end = bytes.indexOf(0x65, end);
        if (end < 0 || at(end, 'endstream')) break;
        end++;
      }
      i = end < 0 ? n : end + 9;
      continue;
    }
    i++;
  }
  return deepest;
}

class BudgetSpent extends Error {
  constructor() {
    super('the reading ran out of time');
    this.name = 'BudgetSpent';
  }
}

/** One reading's budget: polled from the wrapped Date.now and before each pdf.js step. */
class Budget {
  spent = false;
  /** Rejects once the budget is spent; every step races it. */
  readonly exhausted: Promise<never>;
  private reject!: (error: Error) => void;
  private nextPoll = 0;
  private readonly wallStart: number;
  private readonly cpuStart: number | null;
  private readonly timer: ReturnType<typeof setInterval>;
  onSpent: () => void = () => undefined;

  constructor(
    private readonly limits: ReadLimits,
    private readonly cpuClock: (() => number) | undefined,
    private readonly now: () => number,
  ) {
    this.exhausted = new Promise<never>((_, reject) => (this.reject = reject));
    this.exhausted.catch(() => undefined); // raced by every step; nobody else waits on it
    this.wallStart = now();
    this.cpuStart = cpuClock ? cpuClock() : null;
    // While pdf.js awaits work outside JavaScript (or something that never comes) nobody calls Date.now: the timer looks.
    this.timer = setInterval(() => this.poll(now()), TICK_MS);
  }

  /** CPU ms (wall ms without a CPU clock) since the reading started. */
  used(): number {
    return this.cpuClock && this.cpuStart !== null ? this.cpuClock() - this.cpuStart : this.now() - this.wallStart;
  }

  poll(now: number): void {
    if (this.spent || now < this.nextPoll) return;
    this.nextPoll = now + POLL_MS;
    if (now - this.wallStart > this.limits.wallMs || this.used() > this.limits.cpuMs) this.spend();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private spend(): void {
    if (this.spent) return;
    this.spent = true;
    this.reject(new BudgetSpent());
    this.onSpent();
  }

  readonly step: PdfStep = (work) => {
    this.poll(this.now());
    if (this.spent) {
      Promise.resolve(work).catch(() => undefined);
      return Promise.reject(new BudgetSpent());
    }
    return Promise.race([work, this.exhausted]);
  };
}

/** The budgets of the reading running now (one, with the queue), polled by the wrapped Date.now. */
const watched = new Set<Budget>();
let originalNow: (() => number) | null = null;

function realNow(): number {
  return (originalNow ?? Date.now)();
}

function watch(budget: Budget): void {
  watched.add(budget);
  if (originalNow) return;
  const original = Date.now;
  originalNow = original;
  Date.now = function now() {
    const time = original();
    for (const each of watched) each.poll(time);
    return time;
  };
}

function unwatch(budget: Budget): void {
  watched.delete(budget);
  if (watched.size === 0 && originalNow) {
    Date.now = originalNow;
    originalNow = null;
  }
}

function classify(error: unknown, budget: Budget, limits: ReadLimits): Refusal {
  if (budget.spent || error instanceof BudgetSpent) {
    return refusal('too_slow', `reading it took more than ${limits.cpuMs / 1000} s of work; it may be damaged or unusually complex`);
  }
  const name = error instanceof Error ? error.name : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return refusal('password', '', detail);
  if (error instanceof RangeError || /call stack/i.test(detail)) {
    return refusal('too_deep', `it is built in a way no contract is: its objects are nested too deeply`, detail);
  }
  if (/circular reference/i.test(detail)) return refusal('damaged', 'the file is damaged: its list of pages contains itself', detail);
  return refusal('damaged', 'the file is damaged or incomplete', detail);
}

async function settle(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!work) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

async function readNow(pdfjs: PdfJs, bytes: Uint8Array, options: UntrustedReadOptions): Promise<UntrustedReading> {
  const limits = { ...READ_LIMITS, ...options.limits };
  const budget = new Budget(limits, options.cpuClock, realNow);
  let task: ReturnType<PdfJs['getDocument']> | undefined;
  let document: PdfDocument | undefined;
  let worker: { destroy(): void } | undefined;
  const result = (outcome: { ok: true; extracted: ExtractedPdf } | { ok: false; refusal: Refusal }): UntrustedReading => ({ ...outcome, spentMs: Math.round(budget.used()) });
  try {
    const depth = nestingDepth(bytes, limits.maxNesting);
    if (depth > limits.maxNesting) {
      return result({ ok: false, refusal: refusal('too_deep', `it is built in a way no contract is: objects nested more than ${limits.maxNesting} levels deep`) });
    }
    watch(budget);
    // A worker of this reading's own: a document stopped mid-page can leave pdf.js waiting for ever (its
    // destroy() never finishing); destroying the worker lets go of everything the document held.
    worker = pdfjs.PDFWorker ? new pdfjs.PDFWorker({ verbosity: 0 }) : undefined;
    // pdf.js takes ownership of (detaches) the buffer it is given; the caller keeps theirs.
    task = pdfjs.getDocument({ data: bytes.slice(), ...UNTRUSTED_PDF_OPTIONS, ...options.pdfOptions, ...(worker ? { worker } : {}) });
    const opening = task;
    budget.onSpent = () => void (opening.destroy?.() ?? document?.destroy())?.catch(() => undefined);
    document = await budget.step(task.promise);
    const pages = document.numPages;
    if (!Number.isInteger(pages) || pages < 1) return result({ ok: false, refusal: refusal('no_pages', 'it has no pages') });
    if (pages > limits.maxPages) return result({ ok: false, refusal: tooManyPages(pages, limits.maxPages) });
    return result({ ok: true, extracted: await extractDocument(pdfjs, document, budget.step) });
  } catch (error) {
    return result({ ok: false, refusal: classify(error, budget, limits) });
  } finally {
    unwatch(budget);
    budget.stop();
    // Destroying waits for pdf.js to finish the task it is in; a reading stopped mid-page must not wait on that.
    await settle(task?.destroy ? task.destroy() : document?.destroy(), DESTROY_WAIT_MS);
    worker?.destroy();
  }
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Opens and reads an untrusted PDF within `limits`: the extracted fields and
 * pages, or the refusal to answer (413 too many pages, 422 otherwise, with a
 * message for the person). Never throws for anything the file does.
 */
export function readUntrustedPdf(pdfjs: PdfJs, bytes: Uint8Array, options: UntrustedReadOptions = {}): Promise<UntrustedReading> {
  const reading = queue.then(() => readNow(pdfjs, bytes, options));
  queue = reading.catch(() => undefined);
  return reading;
}
