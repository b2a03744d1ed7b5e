/**
 * The streaming multipart parser must find boundaries wherever the network
 * splits the body, and must not mistake a partial delimiter for the end.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MultipartParser, type PartHeaders } from './multipart.ts';

async function parse(body: Buffer, boundary: string, chunkSize: number) {
  const parts: { headers: PartHeaders; data: Buffer }[] = [];
  const parser = new MultipartParser(boundary, async (headers) => {
    const chunks: Buffer[] = [];
    return {
      write: async (c) => void chunks.push(Buffer.from(c)),
      end: async () => void parts.push({ headers, data: Buffer.concat(chunks) }),
    };
  });
  for (let i = 0; i < body.length; i += chunkSize) await parser.push(body.subarray(i, i + chunkSize));
  parser.end();
  return parts;
}

describe('MultipartParser', () => {
  const boundary = '----formdata-undici-0123456789';
  // File bytes that contain a near-delimiter, to catch a parser that cuts early.
  const file = Buffer.concat([crypto.randomBytes(5000), Buffer.from(`\r\n--${boundary.slice(0, -1)}X`), crypto.randomBytes(3000)]);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  for (const chunkSize of [1, 7, 64, 1000, body.length]) {
    it(`parses fields and the file part byte-exactly in ${chunkSize}-byte chunks`, async () => {
      const parts = await parse(body, boundary, chunkSize);
      expect(parts.map((p) => p.headers.name), 'both parts are found, in order').toEqual(['cacheControl', '']);
      expect(parts[0]!.data.toString(), 'the field value is exact').toBe('3600');
      expect(parts[1]!.headers, 'the file part keeps its filename and type').toMatchObject({ filename: 'blob', contentType: 'image/png' });
      expect(parts[1]!.data.equals(file), 'the file bytes are exact, near-delimiter included').toBe(true);
    });
  }

  it('refuses a body cut before the closing boundary', async () => {
    await expect(parse(body.subarray(0, body.length - 10), boundary, 100), 'a truncated body is an error, not a short file').rejects.toThrow(/closing boundary/);
  });
});
