/**
 * Writes the demo files of supabase/seed.sql into supabase/seed-files/<bucket>/<object path>
 * (config.toml `[storage.buckets.<bucket>] objects_path`): PDFs and a text file
 * for the documents, JPEG photos for the listings and WAV clips for the voice
 * note and voice message. Everything is drawn or synthesised here, with no
 * image or audio tool; the output is deterministic, so re-running it changes
 * nothing unless this script changed.
 *
 *   TSX_DISABLE_CACHE=1 node --import tsx scripts/make-seed-files.ts
 *
 * The ids below are the fixed ids of supabase/seed.sql; the integration test
 * tests/integration/seed-files.test.ts checks that every seeded row has its file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'supabase', 'seed-files');

const OLIVIA = 'a0000000-0000-4000-8000-000000000003';
const DAVID = 'a0000000-0000-4000-8000-000000000004';
const listing = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;

// ---------------------------------------------------------------------------
// Deterministic pseudo-random numbers (mulberry32)
// ---------------------------------------------------------------------------
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------
// PDF: one Letter page of Helvetica text (WinAnsi), with a correct xref table
// ---------------------------------------------------------------------------
const WIN_ANSI: Record<string, number> = { '—': 0x97, '–': 0x96, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '§': 0xa7 };

function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.charCodeAt(0);
    if (code > 0xff) throw new Error(`no WinAnsi code for ${ch}`);
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code < 0x20 || code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `(${out})`;
}

interface PdfDoc {
  title: string;
  subtitle: string;
  sections: { heading: string; lines: string[] }[];
}

function makePdf(doc: PdfDoc): Buffer {
  const ops: string[] = ['0.13 0.36 0.62 rg 0 742 612 50 re f', 'BT 1 1 1 rg /F2 12 Tf 54 760 Td (ListingDesk) Tj ET'];
  let y = 700;
  ops.push(`BT 0.1 0.1 0.1 rg /F2 20 Tf 54 ${y} Td ${pdfString(doc.title)} Tj ET`);
  y -= 22;
  ops.push(`BT 0.35 0.35 0.35 rg /F1 11 Tf 54 ${y} Td ${pdfString(doc.subtitle)} Tj ET`);
  y -= 14;
  ops.push(`0.8 0.8 0.8 RG 0.75 w 54 ${y} m 558 ${y} l S`);
  y -= 28;
  for (const section of doc.sections) {
    ops.push(`BT 0.13 0.36 0.62 rg /F2 12 Tf 54 ${y} Td ${pdfString(section.heading)} Tj ET`);
    y -= 18;
    for (const line of section.lines) {
      ops.push(`BT 0.1 0.1 0.1 rg /F1 10.5 Tf 54 ${y} Td ${pdfString(line)} Tj ET`);
      y -= 15;
    }
    y -= 12;
  }
  ops.push(`BT 0.5 0.5 0.5 rg /F1 8 Tf 54 40 Td ${pdfString('Demo document generated for the ListingDesk local seed. Not a legal document.')} Tj ET`);
  const content = Buffer.from(ops.join('\n'), 'latin1');

  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    Buffer.from(`<< /Title ${pdfString(doc.title)} /Producer (ListingDesk seed) >>`, 'latin1'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    offset += obj.length;
    parts.push(obj);
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------
// JPEG: baseline, 4:4:4, one canonical Huffman table per class (DC: 12 four-bit
// codes, AC: all 162 run/size symbols as eight-bit codes). Simple and valid.
// ---------------------------------------------------------------------------
const ZIGZAG: number[] = (() => {
  const order: number[] = [];
  for (let s = 0; s < 15; s++) {
    const cells: number[] = [];
    for (let v = 0; v < 8; v++) {
      const u = s - v;
      if (u >= 0 && u < 8) cells.push(v * 8 + u);
    }
    order.push(...(s % 2 === 0 ? cells.reverse() : cells));
  }
  return order;
})();

const DC_SYMBOLS = Array.from({ length: 12 }, (_, i) => i);
const AC_SYMBOLS = [0x00, 0xf0, ...Array.from({ length: 16 }, (_, run) => Array.from({ length: 10 }, (__, size) => (run << 4) | (size + 1))).flat()];

function huffmanTable(symbols: number[], length: number): { bits: number[]; codes: Map<number, { code: number; length: number }> } {
  const bits = new Array<number>(16).fill(0);
  bits[length - 1] = symbols.length;
  const codes = new Map(symbols.map((s, i) => [s, { code: i, length }]));
  return { bits, codes };
}
const DC_TABLE = huffmanTable(DC_SYMBOLS, 4);
const AC_TABLE = huffmanTable(AC_SYMBOLS, 8);

function quantTable(base: number, slope: number): number[] {
  return Array.from({ length: 64 }, (_, i) => Math.min(255, Math.round(base + slope * (Math.floor(i / 8) + (i % 8)))));
}
const Q_LUMA = quantTable(4, 2.2);
const Q_CHROMA = quantTable(7, 3.5);

const COS = Array.from({ length: 64 }, (_, i) => Math.cos(((2 * (i % 8) + 1) * Math.floor(i / 8) * Math.PI) / 16));

class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private count = 0;
  write(code: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((code >> i) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }
  private flushByte() {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0);
    this.acc = 0;
    this.count = 0;
  }
  finish(): Buffer {
    while (this.count !== 0) this.write(1, 1);
    return Buffer.from(this.bytes);
  }
}

function bitLength(n: number): number {
  let v = Math.abs(n);
  let len = 0;
  while (v) {
    len++;
    v >>= 1;
  }
  return len;
}

function encodeBlock(out: BitWriter, block: Float64Array, quant: number[], previousDc: number): number {
  const coefficients = new Array<number>(64);
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) sum += block[y * 8 + x] * COS[u * 8 + x] * COS[v * 8 + y];
      const cu = u === 0 ? Math.SQRT1_2 : 1;
      const cv = v === 0 ? Math.SQRT1_2 : 1;
      coefficients[v * 8 + u] = (0.25 * cu * cv * sum) / quant[v * 8 + u];
    }
  }
  const zz = ZIGZAG.map((i) => Math.round(coefficients[i]));
  const diff = zz[0] - previousDc;
  const dcSize = bitLength(diff);
  const dc = DC_TABLE.codes.get(dcSize)!;
  out.write(dc.code, dc.length);
  if (dcSize) out.write(diff < 0 ? diff + (1 << dcSize) - 1 : diff, dcSize);
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const value = zz[k];
    if (value === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      const zrl = AC_TABLE.codes.get(0xf0)!;
      out.write(zrl.code, zrl.length);
      run -= 16;
    }
    const size = Math.min(bitLength(value), 10);
    const clamped = Math.max(-1023, Math.min(1023, value));
    const ac = AC_TABLE.codes.get((run << 4) | size)!;
    out.write(ac.code, ac.length);
    out.write(clamped < 0 ? clamped + (1 << size) - 1 : clamped, size);
    run = 0;
  }
  if (run > 0) {
    const eob = AC_TABLE.codes.get(0x00)!;
    out.write(eob.code, eob.length);
  }
  return zz[0];
}

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** rgb: width*height*3 bytes; width and height must be multiples of 8. */
function encodeJpeg(width: number, height: number, rgb: Uint8ClampedArray): Buffer {
  if (width % 8 || height % 8) throw new Error('JPEG size must be a multiple of 8');
  const planes = [new Float64Array(width * height), new Float64Array(width * height), new Float64Array(width * height)];
  for (let i = 0; i < width * height; i++) {
    const r = rgb[i * 3];
    const g = rgb[i * 3 + 1];
    const b = rgb[i * 3 + 2];
    planes[0][i] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
    planes[1][i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
    planes[2][i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
  }
  const out = new BitWriter();
  const previous = [0, 0, 0];
  const block = new Float64Array(64);
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let c = 0; c < 3; c++) {
        for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) block[y * 8 + x] = planes[c][(by + y) * width + bx + x];
        previous[c] = encodeBlock(out, block, c === 0 ? Q_LUMA : Q_CHROMA, previous[c]);
      }
    }
  }
  const dqt = Buffer.from([0, ...ZIGZAG.map((i) => Q_LUMA[i]), 1, ...ZIGZAG.map((i) => Q_CHROMA[i])]);
  const sof = Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
  const dht = Buffer.from([0x00, ...DC_TABLE.bits, ...DC_SYMBOLS, 0x10, ...AC_TABLE.bits, ...AC_SYMBOLS]);
  const sos = Buffer.from([3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xffe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    segment(0xffdb, dqt),
    segment(0xffc0, sof),
    segment(0xffc4, dht),
    segment(0xffda, sos),
    out.finish(),
    Buffer.from([0xff, 0xd9]),
  ]);
}

// ---------------------------------------------------------------------------
// A tiny painter: solid and gradient shapes on an RGB canvas
// ---------------------------------------------------------------------------
type Rgb = [number, number, number];

class Canvas {
  readonly pixels: Uint8ClampedArray;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8ClampedArray(width * height * 3);
  }
  set(x: number, y: number, [r, g, b]: Rgb, alpha = 1) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[i] += (r - this.pixels[i]) * alpha;
    this.pixels[i + 1] += (g - this.pixels[i + 1]) * alpha;
    this.pixels[i + 2] += (b - this.pixels[i + 2]) * alpha;
  }
  /** Vertical gradient from `top` to `bottom` over the rectangle. */
  rect(x0: number, y0: number, w: number, h: number, top: Rgb, bottom: Rgb = top) {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y0 + h)); y++) {
      const t = h <= 1 ? 0 : (y - y0) / (h - 1);
      const c = mix(top, bottom, t);
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(this.width, Math.round(x0 + w)); x++) this.set(x, y, c);
    }
  }
  circle(cx: number, cy: number, radius: number, color: Rgb, alpha = 1) {
    for (let y = Math.floor(cy - radius - 1); y <= cy + radius + 1; y++) {
      for (let x = Math.floor(cx - radius - 1); x <= cx + radius + 1; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const coverage = Math.max(0, Math.min(1, radius - d + 0.5));
        if (coverage > 0) this.set(x, y, color, coverage * alpha);
      }
    }
  }
  /** A filled triangle (roofs, gables), edges softened by 2x2 supersampling. */
  triangle(a: [number, number], b: [number, number], c: [number, number], color: Rgb) {
    const [minX, maxX] = [Math.floor(Math.min(a[0], b[0], c[0])), Math.ceil(Math.max(a[0], b[0], c[0]))];
    const [minY, maxY] = [Math.floor(Math.min(a[1], b[1], c[1])), Math.ceil(Math.max(a[1], b[1], c[1]))];
    const edge = (p: [number, number], q: [number, number], x: number, y: number) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
    const area = edge(a, b, c[0], c[1]);
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        let inside = 0;
        for (const [sx, sy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
          const px = x + sx;
          const py = y + sy;
          const w0 = edge(b, c, px, py) / area;
          const w1 = edge(c, a, px, py) / area;
          const w2 = edge(a, b, px, py) / area;
          if (w0 >= 0 && w1 >= 0 && w2 >= 0) inside++;
        }
        if (inside) this.set(x, y, color, inside / 4);
      }
    }
  }
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}
const shade = (c: Rgb, f: number): Rgb => [Math.min(255, c[0] * f), Math.min(255, c[1] * f), Math.min(255, c[2] * f)];

interface Palette {
  sky: [Rgb, Rgb];
  wall: Rgb;
  roof: Rgb;
  door: Rgb;
  trim: Rgb;
  lawn: Rgb;
  seed: number;
}

const W = 480;
const H = 320;

function window(c: Canvas, x: number, y: number, w: number, h: number, trim: Rgb) {
  c.rect(x - 3, y - 3, w + 6, h + 6, trim);
  c.rect(x, y, w, h, [164, 205, 235], [206, 231, 245]);
  c.rect(x + w / 2 - 1.5, y, 3, h, trim);
  c.rect(x, y + h / 2 - 1.5, w, 3, trim);
}

function drawFront(p: Palette): Canvas {
  const c = new Canvas(W, H);
  const rnd = random(p.seed);
  c.rect(0, 0, W, 220, p.sky[0], p.sky[1]);
  c.circle(400, 60, 26, [255, 236, 160]);
  for (let i = 0; i < 3; i++) {
    const cx = 60 + rnd() * 260;
    const cy = 30 + rnd() * 50;
    for (let k = 0; k < 4; k++) c.circle(cx + k * 18, cy + (k % 2) * 6, 16 + rnd() * 6, [255, 255, 255], 0.85);
  }
  c.rect(0, 220, W, 100, shade(p.lawn, 1.1), shade(p.lawn, 0.8));
  // trees behind the house
  c.circle(70, 190, 46, shade(p.lawn, 0.7));
  c.circle(420, 185, 50, shade(p.lawn, 0.65));
  c.rect(64, 200, 12, 40, [110, 78, 52]);
  c.rect(414, 200, 12, 40, [110, 78, 52]);
  // house
  c.rect(130, 140, 220, 110, p.wall, shade(p.wall, 0.92));
  c.triangle([112, 144], [240, 60], [368, 144], p.roof);
  c.triangle([150, 140], [240, 82], [330, 140], shade(p.wall, 0.95));
  c.rect(296, 70, 20, 40, shade(p.roof, 0.8));
  window(c, 152, 165, 46, 42, p.trim);
  window(c, 282, 165, 46, 42, p.trim);
  window(c, 222, 104, 36, 26, p.trim);
  c.rect(221, 182, 38, 68, p.door, shade(p.door, 0.8));
  c.circle(252, 218, 2.5, [230, 200, 110]);
  c.rect(214, 248, 52, 6, [190, 190, 185]);
  // path and hedges
  c.triangle([226, 254], [254, 254], [300, 320], [214, 207, 196]);
  c.triangle([226, 254], [300, 320], [170, 320], [214, 207, 196]);
  for (let x = 134; x < 210; x += 16) c.circle(x, 250, 10, shade(p.lawn, 0.75));
  for (let x = 272; x < 350; x += 16) c.circle(x, 250, 10, shade(p.lawn, 0.75));
  return c;
}

function drawKitchen(p: Palette): Canvas {
  const c = new Canvas(W, H);
  const wall = mix(p.wall, [250, 247, 240], 0.6);
  c.rect(0, 0, W, 200, shade(wall, 1.02), shade(wall, 0.9));
  c.rect(0, 200, W, 120, [196, 170, 138], [160, 132, 100]);
  for (let x = 0; x < W; x += 60) c.rect(x, 200, 2, 120, [150, 124, 94]);
  // window with a view of the sky
  c.rect(176, 34, 128, 86, p.trim);
  c.rect(182, 40, 116, 74, p.sky[1], p.sky[0]);
  c.circle(212, 112, 24, shade(p.lawn, 0.85));
  c.circle(262, 118, 30, shade(p.lawn, 0.75));
  c.rect(238, 40, 4, 74, p.trim);
  // upper cabinets
  for (const x of [24, 92, 332, 400]) {
    c.rect(x, 30, 60, 84, shade(p.trim, 0.95), shade(p.trim, 0.85));
    c.rect(x + 50, 68, 3, 14, [120, 120, 120]);
  }
  // counter, lower cabinets, island
  c.rect(0, 160, W, 10, [70, 72, 78]);
  c.rect(0, 170, W, 60, shade(p.door, 1.2), shade(p.door, 1.0));
  for (let x = 10; x < W; x += 78) {
    c.rect(x, 178, 70, 46, shade(p.door, 1.3), shade(p.door, 1.1));
    c.rect(x + 30, 184, 12, 3, [200, 200, 200]);
  }
  c.rect(120, 246, 240, 14, [66, 68, 74]);
  c.rect(130, 260, 220, 60, shade(p.door, 1.15), shade(p.door, 0.9));
  // pendant lights and a bowl of lemons
  for (const x of [180, 300]) {
    c.rect(x - 1, 0, 2, 60, [60, 60, 60]);
    c.triangle([x - 16, 74], [x, 56], [x + 16, 74], [40, 40, 44]);
    c.circle(x, 76, 6, [255, 240, 190], 0.9);
  }
  c.circle(240, 240, 14, [240, 240, 236]);
  for (const dx of [-7, 0, 7]) c.circle(240 + dx, 233, 6, [246, 214, 72]);
  return c;
}

function drawBackyard(p: Palette): Canvas {
  const c = new Canvas(W, H);
  const rnd = random(p.seed * 7 + 3);
  c.rect(0, 0, W, 180, mix(p.sky[0], [255, 196, 150], 0.35), p.sky[1]);
  c.circle(90, 130, 34, [255, 222, 150], 0.9);
  c.rect(0, 180, W, 140, shade(p.lawn, 1.15), shade(p.lawn, 0.85));
  // fence
  for (let x = 0; x < W; x += 22) {
    c.rect(x, 138, 18, 62, [222, 208, 186], [196, 180, 156]);
    c.triangle([x, 138], [x + 9, 128], [x + 18, 138], [222, 208, 186]);
  }
  c.rect(0, 152, W, 6, [186, 170, 146]);
  c.rect(0, 184, W, 6, [186, 170, 146]);
  // big tree
  c.rect(366, 120, 20, 110, [104, 74, 50], [86, 60, 40]);
  for (let i = 0; i < 9; i++) c.circle(376 + (rnd() - 0.5) * 110, 90 + (rnd() - 0.5) * 80, 34 + rnd() * 14, shade(p.lawn, 0.6 + rnd() * 0.25));
  // patio with table and umbrella
  c.rect(40, 250, 220, 70, [200, 196, 188], [170, 166, 160]);
  for (let x = 40; x < 260; x += 44) c.rect(x, 250, 2, 70, [160, 156, 150]);
  c.triangle([90, 200], [150, 168], [210, 200], p.roof);
  c.rect(148, 200, 4, 64, [90, 90, 90]);
  c.rect(112, 258, 76, 8, [120, 92, 64]);
  c.rect(118, 266, 6, 26, [120, 92, 64]);
  c.rect(176, 266, 6, 26, [120, 92, 64]);
  // flower bed
  for (let i = 0; i < 24; i++) {
    const colors: Rgb[] = [[236, 96, 120], [250, 200, 80], [170, 120, 220], [255, 255, 255]];
    c.circle(290 + rnd() * 180, 226 + rnd() * 20, 4 + rnd() * 3, colors[i % colors.length]);
  }
  return c;
}

// ---------------------------------------------------------------------------
// WAV: voice-like murmur (harmonics of a gliding pitch shaped by vowel formants)
// ---------------------------------------------------------------------------
function makeVoiceWav(seconds: number, seed: number, pitch: number): Buffer {
  const rate = 8000;
  const samples = new Int16Array(rate * seconds);
  const rnd = random(seed);
  const vowels: [number, number][] = [
    [730, 1090],
    [530, 1840],
    [270, 2290],
    [570, 840],
    [300, 870],
    [660, 1720],
  ];
  let t = 0.25;
  let phase = 0;
  while (t < seconds - 0.4) {
    const wordSyllables = 1 + Math.floor(rnd() * 3);
    for (let s = 0; s < wordSyllables && t < seconds - 0.4; s++) {
      const length = 0.12 + rnd() * 0.16;
      const [f1, f2] = vowels[Math.floor(rnd() * vowels.length)];
      const start = Math.floor(t * rate);
      const end = Math.min(samples.length, Math.floor((t + length) * rate));
      const glide = (rnd() - 0.5) * 30;
      for (let i = start; i < end; i++) {
        const u = (i - start) / (end - start);
        const f0 = pitch + glide * u + 12 * Math.sin(2 * Math.PI * 5 * (i / rate));
        phase += (2 * Math.PI * f0) / rate;
        let v = 0;
        for (let h = 1; f0 * h < 3400; h++) {
          const f = f0 * h;
          const gain = Math.exp(-(((f - f1) / 120) ** 2)) + 0.6 * Math.exp(-(((f - f2) / 160) ** 2)) + 0.08 / h;
          v += gain * Math.sin(phase * h);
        }
        const envelope = Math.sin(Math.PI * u) ** 0.6;
        samples[i] = Math.max(-32767, Math.min(32767, Math.round(v * envelope * 5200)));
      }
      t += length + 0.02 + rnd() * 0.05;
    }
    t += 0.12 + rnd() * 0.25;
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer)]);
}

// ---------------------------------------------------------------------------
// The files of supabase/seed.sql
// ---------------------------------------------------------------------------
const files = new Map<string, Buffer>();
const put = (bucket: string, objectPath: string, bytes: Buffer) => files.set(`${bucket}/${objectPath}`, bytes);

const docs: [string, string, PdfDoc][] = [
  [
    listing(2),
    'listing-agreement.pdf',
    {
      title: 'Listing Agreement — 2207 Windsor Rd',
      subtitle: 'Exclusive right to sell · Austin, TX 78703 · Seller: Helen Park',
      sections: [
        { heading: 'Property', lines: ['2207 Windsor Rd, Austin, TX 78703', 'List price: $1,150,000', 'Listing period: 180 days from the effective date'] },
        { heading: 'Broker', lines: ['Lone Star Realty Group, 301 Congress Ave, Suite 500, Austin, TX 78701', 'Listing agent: Marcus Johnson'] },
        { heading: 'Signatures', lines: ['Seller: Helen Park ____________________', 'Broker: Marcus Johnson ____________________'] },
      ],
    },
  ],
  [
    listing(2),
    'seller-disclosure.pdf',
    {
      title: 'Seller’s Disclosure Notice — 2207 Windsor Rd',
      subtitle: 'Condition of the property as known to the seller',
      sections: [
        { heading: 'Systems', lines: ['Roof replaced 2019 (architectural shingles).', 'HVAC serviced annually; water heater 2021.', 'No known foundation repairs.'] },
        { heading: 'Other', lines: ['No HOA. No known flooding in the last five years.', 'Seller: Helen Park'] },
      ],
    },
  ],
  [
    listing(3),
    'survey.pdf',
    {
      title: 'Survey — 908 E 49th St',
      subtitle: 'Lot 12, Block C, Hyde Park Addition · Austin, TX 78751',
      sections: [
        { heading: 'Lot', lines: ['Lot area: 7,405 sq ft', 'Frontage: 50 ft on E 49th St', 'Improvements: one-story residence, detached garage'] },
        { heading: 'Easements', lines: ['5 ft utility easement along the rear property line.', 'No encroachments observed on the date of survey.'] },
      ],
    },
  ],
  [
    listing(4),
    'purchase-contract.pdf',
    {
      title: 'Purchase Contract — 5502 Shoal Creek Blvd',
      subtitle: 'One to four family residential contract (resale) · Austin, TX 78756',
      sections: [
        { heading: 'Parties', lines: ['Seller: Angela Foster', 'Buyer: Jordan & Casey Miller'] },
        { heading: 'Terms', lines: ['Sales price: $905,000', 'Earnest money: $10,000 with Independence Title', 'Option period: 7 days · Closing on the 28th'] },
      ],
    },
  ],
  [
    listing(4),
    'title-commitment.pdf',
    {
      title: 'Title Commitment — 5502 Shoal Creek Blvd',
      subtitle: 'Independence Title · GF No. 24-118034',
      sections: [
        { heading: 'Schedule A', lines: ['Proposed insured: Jordan & Casey Miller', 'Amount: $905,000'] },
        { heading: 'Schedule C', lines: ['Release of existing lien required at closing.', 'Survey to be provided by seller.'] },
      ],
    },
  ],
  [
    listing(5),
    'hoa-budget.pdf',
    {
      title: 'HOA Budget — 77 Rainey St #1804',
      subtitle: 'The Shore Condominiums · Annual budget',
      sections: [
        { heading: 'Income', lines: ['Monthly dues (unit #1804): $612', 'Reserve contribution: 18% of dues'] },
        { heading: 'Expenses', lines: ['Insurance $184,000 · Utilities $96,500 · Maintenance $141,200', 'Transfer fee on resale: $450'] },
      ],
    },
  ],
  // Typed documents of the compliance demo (seed.sql: submitted, approved).
  [
    listing(3),
    'sellers-disclosure.pdf',
    {
      title: 'Seller’s Disclosure Notice — 908 E 49th St',
      subtitle: 'Condition of the property as known to the seller · Seller: Thomas Nguyen',
      sections: [
        { heading: 'Systems', lines: ['Original 1938 wiring partly replaced in 2004.', 'Pier-and-beam foundation releveled 2016 (transferable warranty).'] },
        { heading: 'Other', lines: ['No HOA. Property is not in a flood plain.', 'Seller: Thomas Nguyen'] },
      ],
    },
  ],
  [
    listing(3),
    'lead-paint-disclosure.pdf',
    {
      title: 'Lead-Based Paint Disclosure — 908 E 49th St',
      subtitle: 'Housing built before 1978 · 40 CFR 745',
      sections: [
        { heading: 'Seller’s disclosure', lines: ['Seller has no knowledge of lead-based paint hazards in the housing.', 'No reports or records are available.'] },
        { heading: 'Purchaser’s rights', lines: ['10-day opportunity to conduct a risk assessment or inspection.', 'Pamphlet "Protect Your Family From Lead in Your Home" provided.'] },
      ],
    },
  ],
  [
    listing(5),
    'sellers-disclosure.pdf',
    {
      title: 'Seller’s Disclosure Notice — 77 Rainey St #1804',
      subtitle: 'Condominium unit · Seller: Kevin O’Brien',
      sections: [
        { heading: 'Unit', lines: ['Water heater replaced 2022.', 'No known leaks from the unit above.'] },
        { heading: 'Association', lines: ['The Shore Condominiums; monthly dues $612.', 'No pending special assessments known to the seller.'] },
      ],
    },
  ],
  [
    listing(5),
    'mls-input-sheet.pdf',
    {
      title: 'MLS Input Sheet — 77 Rainey St #1804',
      subtitle: 'Austin Board of REALTORS MLS · Condominium',
      sections: [
        { heading: 'Listing', lines: ['List price: $540,000', 'Bedrooms 2 · Baths 2 · 1,180 sq ft', 'HOA dues $612 / month'] },
        { heading: 'Showing', lines: ['Lockbox at the concierge desk.', 'Showings by appointment, 24 hours notice.'] },
      ],
    },
  ],
  [
    listing(6),
    'listing-agreement.pdf',
    {
      title: 'Listing Agreement — 3310 Red River St',
      subtitle: 'Exclusive right to sell · Austin, TX 78705 · Seller: Maria Santos',
      sections: [
        { heading: 'Property', lines: ['3310 Red River St, Austin, TX 78705', 'List price: $475,000', 'Listing period: 120 days'] },
        { heading: 'Signatures', lines: ['Seller: Maria Santos ____________________', 'Broker: Sarah Thompson ____________________'] },
      ],
    },
  ],
  [
    listing(6),
    'lead-paint-disclosure.pdf',
    {
      title: 'Lead-Based Paint Disclosure — 3310 Red River St',
      subtitle: 'Housing built before 1978 (built 1972)',
      sections: [
        { heading: 'Seller’s disclosure', lines: ['Lead-based paint found on exterior trim (2019 inspection).', 'Report attached as Exhibit A.'] },
      ],
    },
  ],
  [
    listing(7),
    'listing-agreement.pdf',
    {
      title: 'Listing Agreement — 11900 Jollyville Rd',
      subtitle: 'Exclusive right to sell · Austin, TX 78759 · Seller: Gregory Hill',
      sections: [
        { heading: 'Property', lines: ['11900 Jollyville Rd, Austin, TX 78759', 'List price: $699,000', 'Listing period: 180 days'] },
        { heading: 'Signatures', lines: ['Seller: Gregory Hill ____________________', 'Broker: James Wilson ____________________'] },
      ],
    },
  ],
];
for (const [id, name, doc] of docs) put('listing-documents', `listings/${id}/${name}`, makePdf(doc));

put(
  'team-documents',
  `teams/${OLIVIA}/team-handbook-2024.pdf`,
  makePdf({
    title: 'Team Handbook 2024',
    subtitle: 'Olivia Chen’s transaction coordination team',
    sections: [
      { heading: 'How we work', lines: ['New listings get a task list within one business day.', 'Documents go to the listing’s Documents tab, never by e-mail.'] },
      { heading: 'Meetings', lines: ['Team meeting Tuesdays at 9am; bring your pipeline updates.'] },
    ],
  }),
);
put(
  'team-documents',
  `teams/${OLIVIA}/preferred-vendors.txt`,
  Buffer.from(
    [
      'Preferred vendors (Olivia Chen’s team)',
      '',
      'Photography:   Hill Country Photo, (512) 555-0190',
      'Staging:       Bluebonnet Staging, (512) 555-0191',
      'Inspection:    Capital Home Inspections, (512) 555-0192',
      'Title:         Independence Title, (512) 555-0193',
      'Handyman:      Barton Fix-It, (512) 555-0194',
      '',
    ].join('\n'),
  ),
);
put(
  'team-documents',
  `teams/${DAVID}/closing-checklist.txt`,
  Buffer.from(
    [
      'Closing checklist (David Kim’s team)',
      '',
      '[ ] Executed contract and all addenda in Documents',
      '[ ] Option fee and earnest money receipted',
      '[ ] Title commitment reviewed, objections sent',
      '[ ] Survey or T-47 affidavit',
      '[ ] HOA resale certificate (if any)',
      '[ ] Repairs amendment completed',
      '[ ] Final walkthrough scheduled',
      '[ ] Settlement statement approved by seller',
      '[ ] Keys, codes and garage remotes handed over',
      '',
    ].join('\n'),
  ),
);

const palettes: Record<number, Palette> = {
  2: { sky: [[120, 172, 226], [206, 228, 246]], wall: [236, 226, 208], roof: [96, 84, 80], door: [120, 60, 48], trim: [250, 250, 246], lawn: [110, 160, 80], seed: 2 },
  3: { sky: [[104, 160, 220], [196, 222, 244]], wall: [176, 204, 214], roof: [74, 78, 92], door: [196, 120, 60], trim: [255, 255, 250], lawn: [104, 152, 74], seed: 3 },
  4: { sky: [[132, 180, 232], [214, 232, 248]], wall: [232, 214, 190], roof: [140, 82, 64], door: [52, 86, 120], trim: [248, 244, 236], lawn: [118, 166, 86], seed: 4 },
  5: { sky: [[96, 150, 214], [190, 216, 242]], wall: [214, 216, 220], roof: [60, 64, 72], door: [36, 40, 48], trim: [244, 244, 244], lawn: [100, 150, 90], seed: 5 },
  7: { sky: [[128, 176, 228], [210, 230, 246]], wall: [204, 186, 160], roof: [88, 100, 80], door: [96, 120, 72], trim: [246, 242, 232], lawn: [122, 168, 78], seed: 7 },
};
for (const [n, palette] of Object.entries(palettes)) {
  const id = listing(Number(n));
  for (const [name, draw] of [['front', drawFront], ['kitchen', drawKitchen], ['backyard', drawBackyard]] as const) {
    const canvas = draw(palette);
    put('listing-photos', `listings/${id}/${name}.jpg`, encodeJpeg(canvas.width, canvas.height, canvas.pixels));
  }
}

put('voice-recordings', `listings/${listing(3)}/notes/buyer-feedback.wav`, makeVoiceWav(7, 31, 190));
put('voice-recordings', `teams/${OLIVIA}/messages/team-update.wav`, makeVoiceWav(5, 57, 120));

fs.rmSync(ROOT, { recursive: true, force: true });
let total = 0;
for (const [relative, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
  const file = path.join(ROOT, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  total += bytes.length;
  console.log(`${String(bytes.length).padStart(8)}  ${path.relative(process.cwd(), file)}`);
}
console.log(`${String(total).padStart(8)}  total (${files.size} files)`);
