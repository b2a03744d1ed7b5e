/**
 * A small streaming multipart/form-data parser (RFC 7578), enough for what
 * storage-js sends: text fields (`cacheControl`, `metadata`) and one file part
 * (field name `""`). Part bodies are handed to a sink chunk by chunk, so an
 * upload streams to disk and its size limit is enforced while it arrives.
 */
import { ERRORS } from './errors.ts';

export interface PartSink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

export interface PartHeaders {
  name: string;
  filename?: string;
  contentType?: string;
}

const HEADER_LIMIT = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

export function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return (match?.[1] ?? match?.[2])?.trim();
}

function parsePartHeaders(text: string): PartHeaders {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = /(?:^|;)\s*name="((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1];
  const filename = /(?:^|;)\s*filename="((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw ERRORS.invalidRequest('multipart part without a name');
  return { name, filename, contentType: headers.get('content-type') };
}

type State = 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done';

export class MultipartParser {
  private buffer: Buffer;
  private state: State = 'preamble';
  private readonly delimiter: Buffer;
  private sink: PartSink | undefined;

  constructor(
    boundary: string,
    private readonly onPart: (headers: PartHeaders) => Promise<PartSink>,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // The first delimiter has no CRLF before it; pretending it has one lets a
    // single search pattern find every delimiter.
    this.buffer = Buffer.from(CRLF);
  }

  async push(chunk: Buffer): Promise<void> {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    while (await this.step());
  }

  /** Call at the end of the body: a body cut before the closing delimiter was interrupted. */
  end(): void {
    if (this.state !== 'done') throw ERRORS.invalidRequest('multipart body ended before its closing boundary');
  }

  /** Advances as far as the buffered bytes allow; false when more input is needed. */
  private async step(): Promise<boolean> {
    switch (this.state) {
      case 'preamble': {
        const at = this.buffer.indexOf(this.delimiter);
        if (at < 0) {
          this.keepTail();
          return false;
        }
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = 'afterDelimiter';
        return true;
      }
      case 'afterDelimiter': {
        if (this.buffer.length < 2) return false;
        if (this.buffer[0] === 0x2d && this.buffer[1] === 0x2d) {
          this.state = 'done';
          this.buffer = Buffer.alloc(0);
          return false;
        }
        if (this.buffer[0] !== 0x0d || this.buffer[1] !== 0x0a) throw ERRORS.invalidRequest('malformed multipart body');
        this.buffer = this.buffer.subarray(2);
        this.state = 'headers';
        return true;
      }
      case 'headers': {
        const at = this.buffer.indexOf(HEADER_END);
        if (at < 0) {
          if (this.buffer.length > HEADER_LIMIT) throw ERRORS.invalidRequest('multipart part headers too large');
          return false;
        }
        const headers = parsePartHeaders(this.buffer.subarray(0, at).toString('utf8'));
        this.buffer = this.buffer.subarray(at + HEADER_END.length);
        this.sink = await this.onPart(headers);
        this.state = 'body';
        return true;
      }
      case 'body': {
        const at = this.buffer.indexOf(this.delimiter);
        if (at < 0) {
          // Everything but a possible partial delimiter at the end is body.
          const safe = this.buffer.length - (this.delimiter.length - 1);
          if (safe > 0) {
            await this.sink!.write(this.buffer.subarray(0, safe));
            this.buffer = this.buffer.subarray(safe);
          }
          return false;
        }
        if (at > 0) await this.sink!.write(this.buffer.subarray(0, at));
        await this.sink!.end();
        this.sink = undefined;
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = 'afterDelimiter';
        return true;
      }
      case 'done':
        this.buffer = Buffer.alloc(0);
        return false;
    }
  }

  private keepTail(): void {
    const keep = this.delimiter.length - 1;
    if (this.buffer.length > keep) this.buffer = this.buffer.subarray(this.buffer.length - keep);
  }
}
