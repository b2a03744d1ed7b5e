/**
 * The storage MIME parser: exactly one media type or nothing, bucket rules
 * on the parsed type only, and never text/html on the way out.
 */
import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { mustBeAllowedMediaType, neutralContentType, parseMediaType } from './mime.ts';

function refusal(work: () => unknown): { status: number; code: string; message: string } | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
}

describe('parseMediaType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['Image/PNG', 'image/png'],
    ['  audio/wav  ', 'audio/wav'],
    ['text/plain;charset=UTF-8', 'text/plain'],
    ['text/plain; charset="utf-8"; format=flowed', 'text/plain'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['image/svg+xml', 'image/svg+xml'],
    ['multipart/form-data; boundary=----formdata-undici-0123', 'multipart/form-data'],
  ])('accepts one media type: %s', (value, essence) => {
    expect(parseMediaType(value)?.essence, `${value} is one well-formed media type`).toBe(essence);
  });

  it.each([
    'image/png, text/html',
    'image/png,text/html;charset=utf-8',
    'audio/wav, text/html',
    'image/png text/html',
    'image/png;charset=utf-8, text/html',
    '',
    '   ',
    'image',
    'image/',
    '/png',
    'image/png/x',
    'image/png; charset',
    'image/png; a="unterminated',
    'image/png\r\nX-Evil: 1',
    'imäge/png',
  ])('refuses what is not exactly one media type: %j', (value) => {
    expect(parseMediaType(value), `${JSON.stringify(value)} must not parse`).toBeUndefined();
  });
});

describe('mustBeAllowedMediaType', () => {
  it('matches wildcards on the parsed type only', () => {
    expect(mustBeAllowedMediaType('image/png; q=1', ['image/*']).essence, 'image/* admits image/png with parameters').toBe('image/png');
    expect(refusal(() => mustBeAllowedMediaType('image/png, text/html', ['image/*'])), 'a list is refused as a malformed header (hosted 415 InvalidMimeType)').toEqual({
      status: 415,
      code: 'InvalidMimeType',
      message: 'Invalid Content-Type header',
    });
    expect(refusal(() => mustBeAllowedMediaType('text/html', ['image/*'])), 'a type outside the list is hosted Storage\'s "not supported"').toEqual({
      status: 415,
      code: 'InvalidMimeType',
      message: 'mime type text/html is not supported',
    });
    expect(refusal(() => mustBeAllowedMediaType('imagex/png', ['image/*'])), 'the wildcard needs the whole type, not a prefix').toMatchObject({ status: 415 });
    expect(refusal(() => mustBeAllowedMediaType('image/svg+xml', ['image/jpeg', 'image/png', 'image/webp'])), 'SVG is not a listed raster type').toMatchObject({ status: 415 });
  });

  it('lets a bucket without a list take any well-formed type, never a malformed one', () => {
    expect(mustBeAllowedMediaType('text/html', null).essence, 'no list: any single type').toBe('text/html');
    expect(mustBeAllowedMediaType('application/x-anything', ['*']).essence, '"*" admits everything').toBe('application/x-anything');
    expect(refusal(() => mustBeAllowedMediaType('', null)), 'an empty header is malformed even without a list').toMatchObject({ status: 415 });
  });
});

describe('neutralContentType', () => {
  it('never hands text/html or an unparsed value to a browser', () => {
    expect(neutralContentType('text/html'), 'text/html is served as text/plain').toBe('text/plain');
    expect(neutralContentType('TEXT/HTML; charset=utf-8'), 'in any case and with parameters').toBe('text/plain');
    expect(neutralContentType('image/png, text/html'), 'a stored list is served as opaque bytes').toBe('application/octet-stream');
    expect(neutralContentType(undefined), 'no stored type: opaque bytes').toBe('application/octet-stream');
    expect(neutralContentType('image/png'), 'a plain image type is kept').toBe('image/png');
  });
});
