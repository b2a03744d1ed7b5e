/**
 * Hand-built PDFs for the contract-intake hardening and fuzz tests: a small
 * writer that lays out numbered objects with a correct xref table (so a file
 * is broken only where a test breaks it), the hostile files of issue 51
 * item 7 (a page tree with /Count 0 or /Count -1, a circular page tree, a
 * page with 20,000 nested dictionaries), a file built to be slow (a small
 * compressed content stream that unpacks to megabytes of drawing operators),
 * and the seeded mutations the fuzz test feeds the reader.
 */
import zlib from 'node:zlib';

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A PDF of the given object bodies (numbered from 1, the first is the catalog) with a correct xref table and trailer. */
export function buildPdf(objects: (string | Uint8Array)[]): Uint8Array {
  const parts: Uint8Array[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = concat([latin1(`${index + 1} 0 obj\n`), typeof body === 'string' ? latin1(body) : body, latin1('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return concat(parts);
}

/** A stream object's body (uncompressed, or deflated with /FlateDecode). */
export function streamObject(content: string | Uint8Array, { deflate = false, extra = '' } = {}): Uint8Array {
  const raw = typeof content === 'string' ? latin1(content) : content;
  const data = deflate ? new Uint8Array(zlib.deflateSync(raw, { level: 9 })) : raw;
  return concat([latin1(`<< /Length ${data.length}${deflate ? ' /Filter /FlateDecode' : ''}${extra} >>\nstream\n`), data, latin1('\nendstream')]);
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const page = (extra = '') => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]${extra} >>`;

/** A one-page text PDF: a few lines of a contract's terms (what mutations start from). */
export function smallTextPdf(lines = ['Purchase Price: $450,000', 'Closing Date: 08/14/2026', 'Option Period: 7 days', 'Title Company: Lone Star Title']): Uint8Array {
  const content = lines.map((line, i) => `BT /F1 12 Tf 50 ${740 - i * 20} Td (${line}) Tj ET`).join('\n');
  return buildPdf([CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page(' /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >>'), streamObject(content, { deflate: true }), FONT]);
}

/** A fillable one-page PDF: an AcroForm with two text fields (what mutations start from). */
export function smallFormPdf(): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R 7 0 R] >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(' /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Annots [6 0 R 7 0 R]'),
    streamObject('BT /F1 12 Tf 50 740 Td (Sales Price and Closing Date of this contract) Tj ET'),
    FONT,
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (Sales Price) /V (450000) /Rect [50 700 250 720] /P 3 0 R >>',
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (Closing Date) /V (08/14/2026) /Rect [50 670 250 690] /P 3 0 R >>',
  ]);
}

/** The hostile files of issue 51 item 7, each under 200 KB. */
export const HOSTILE_PDFS = {
  /** The page tree says it has no pages. */
  countZero: () => buildPdf([CATALOG, '<< /Type /Pages /Kids [] /Count 0 >>']),
  /** The page tree says it has -1 pages (beside one real page). */
  countMinusOne: () => buildPdf([CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count -1 >>', page()]),
  /** A Pages node whose Kids point back to itself. */
  circularPageTree: () => buildPdf([CATALOG, '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>', page()]),
  /** A page holding 20,000 nested dictionaries. */
  deepNesting: () => buildPdf([CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page(` /Deep ${'<< /A '.repeat(20_000)}1${' >>'.repeat(20_000)}`)]),
} as const;

/**
 * A small PDF (a few KB) whose page draws one compressed content stream
 * `repeats` times over; the stream unpacks to a megabyte of drawing operators,
 * so the page is `repeats` MB of pdf.js work: seconds unbounded.
 */
export function slowPdf(repeats = 40): Uint8Array {
  const unit = '0 0 m 1 1 l S\n';
  const content = unit.repeat(Math.ceil(1e6 / unit.length));
  const contents = Array.from({ length: repeats }, () => '4 0 R').join(' ');
  return buildPdf([CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page(` /Contents [${contents}]`), streamObject(content, { deflate: true })]);
}

/** mulberry32: a small seeded PRNG, so every run feeds the same files. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const int = (random: Random, below: number) => Math.floor(random() * below);

const text = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/** Replaces one (random) match of `pattern` in the file's text; the file unchanged when nothing matches. */
function replaceOne(random: Random, bytes: Uint8Array, pattern: RegExp, replace: (match: string) => string): Uint8Array {
  const source = text(bytes);
  const matches = [...source.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))];
  if (matches.length === 0) return bytes;
  const match = pick(random, matches);
  return latin1(source.slice(0, match.index) + replace(match[0]) + source.slice(match.index! + match[0].length));
}

/** The kinds of damage the fuzz test does, each a function of a seeded PRNG and a file. */
export const MUTATIONS: Record<string, (random: Random, bytes: Uint8Array) => Uint8Array> = {
  truncate: (random, bytes) => bytes.slice(0, 16 + int(random, Math.max(1, bytes.length - 16))),
  flipBytes: (random, bytes) => {
    const out = bytes.slice();
    for (let n = 1 + int(random, 16); n > 0; n--) out[int(random, out.length)] ^= 1 << int(random, 8);
    return out;
  },
  randomBytes: (random, bytes) => {
    const out = bytes.slice();
    const at = int(random, out.length);
    for (let i = at; i < Math.min(out.length, at + 1 + int(random, 256)); i++) out[i] = int(random, 256);
    return out;
  },
  badXrefOffset: (random, bytes) =>
    pick(random, [
      () => replaceOne(random, bytes, /startxref\s+\d+/, () => `startxref\n${int(random, bytes.length * 2)}`),
      () => replaceOne(random, bytes, /\d{10} \d{5} n/, () => `${String(int(random, bytes.length * 2)).padStart(10, '0')} 00000 n`),
      () => replaceOne(random, bytes, /xref\s+0 \d+/, () => `xref\n0 ${int(random, 100_000)}`),
    ])(),
  badLength: (random, bytes) => replaceOne(random, bytes, /\/Length \d+/, () => `/Length ${pick(random, [0, -5, 1, 99_999_999, int(random, 5000)])}`),
  deleteObject: (random, bytes) => replaceOne(random, bytes, /\d+ 0 obj[\s\S]*?endobj/, () => ''),
  cyclicReference: (random, bytes) =>
    replaceOne(random, bytes, /\d+ 0 R/, () => pick(random, ['1 0 R', '2 0 R', '3 0 R', `${1 + int(random, 8)} 0 R`, '99 0 R'])),
  duplicateObject: (random, bytes) => {
    const source = text(bytes);
    const objects = [...source.matchAll(/\d+ 0 obj[\s\S]*?endobj\n/g)];
    if (objects.length === 0) return bytes;
    const copy = pick(random, objects)[0];
    const at = source.indexOf('xref');
    return latin1(at < 0 ? source + copy : source.slice(0, at) + copy + source.slice(at));
  },
  hugeNumber: (random, bytes) =>
    replaceOne(random, bytes, /-?\d+(\.\d+)?/, () => pick(random, ['99999999999999999999', '-2147483649', '1e308', '3.4e38', '0.0000000000001', 'NaN', '-0', '4294967296'])),
  badCount: (random, bytes) => replaceOne(random, bytes, /\/Count -?\d+/, () => `/Count ${pick(random, [0, -1, 2, 41, 1000, 2147483647, -2147483648])}`),
  deepNesting: (random, bytes) => {
    const depth = pick(random, [150, 1000, 5000, 20_000]);
    const [open, close] = pick(random, [['<< /A ', ' >>'], ['[', ']']] as const);
    return replaceOne(random, bytes, /\/Type \/Page\b/, (match) => `${match} /Deep ${open.repeat(depth)}1${close.repeat(depth)}`);
  },
  unbalanced: (random, bytes) => replaceOne(random, bytes, pick(random, [/>>/, /<</, /\]/, /endobj/, /endstream/]), () => pick(random, ['', '<<', '>>', '[', '(', ')'])),
  wrongType: (random, bytes) => replaceOne(random, bytes, /\/Type \/\w+/, () => `/Type /${pick(random, ['Page', 'Pages', 'Catalog', 'Font', 'XObject', 'Annot', 'Foo'])}`),
};

export const MUTATION_KINDS = Object.keys(MUTATIONS);

/** `count` mutated files from `bases`, deterministic for `seed`: each one to three mutations of one kind or mixed. */
export function mutatedPdfs(bases: { name: string; bytes: Uint8Array }[], count: number, seed: number): { name: string; kinds: string[]; bytes: Uint8Array }[] {
  const random = seededRandom(seed);
  const out: { name: string; kinds: string[]; bytes: Uint8Array }[] = [];
  for (let n = 0; n < count; n++) {
    const base = bases[n % bases.length];
    let bytes = base.bytes;
    const kinds: string[] = [];
    // Every kind comes up in turn, then one or two more at random on top.
    const first = MUTATION_KINDS[Math.floor(n / bases.length) % MUTATION_KINDS.length];
    for (const kind of [first, ...Array.from({ length: int(random, 3) }, () => pick(random, MUTATION_KINDS))]) {
      bytes = MUTATIONS[kind](random, bytes);
      kinds.push(kind);
    }
    out.push({ name: `${base.name} #${n} (${kinds.join(' + ')})`, kinds, bytes });
  }
  return out;
}
