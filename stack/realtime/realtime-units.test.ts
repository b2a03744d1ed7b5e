/**
 * Unit checks of the realtime pieces that need no database: the vsn 2.0.0
 * binary frames, filter parsing/evaluation and the to_jsonb-like value typing.
 */
import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from './filters.ts';
import { decodeFrame, encodeBroadcast } from './protocol.ts';
import { convertValue } from './values.ts';

function userBroadcastPush(joinRef: string, ref: string, topic: string, event: string, payload: Buffer, encoding: 0 | 1): Buffer {
  const strings = [joinRef, ref, topic, event].map((s) => Buffer.from(s));
  return Buffer.concat([Buffer.from([3, ...strings.map((s) => s.length), 0, encoding]), ...strings, payload]);
}

describe('realtime protocol', () => {
  it('decodes the client binary broadcast push (kind 3) into a broadcast message', () => {
    const msg = decodeFrame(userBroadcastPush('1', '2', 'realtime:room', 'ev', Buffer.from('{"a":1}'), 1), true, '2.0.0');
    expect(msg, 'JSON-encoded user payloads are parsed and wrapped as {type, event, payload}').toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'ev', payload: { a: 1 } },
    });
  });

  it('encodes binary payloads as kind-4 frames and JSON payloads as text', () => {
    const frame = encodeBroadcast('2.0.0', 'realtime:r', { event: 'e', payload: Buffer.from([9, 8]) }) as Buffer;
    expect([...frame], 'kind 4, lengths of topic/event/meta, binary encoding, strings, bytes').toEqual([4, 10, 1, 0, 0, ...Buffer.from('realtime:r'), ...Buffer.from('e'), 9, 8]);
    expect(JSON.parse(encodeBroadcast('2.0.0', 'realtime:r', { event: 'e', payload: { x: 1 } }) as string), 'JSON broadcasts are text frames').toEqual([
      null,
      null,
      'realtime:r',
      'broadcast',
      { type: 'broadcast', event: 'e', payload: { x: 1 } },
    ]);
  });
});

describe('realtime filters', () => {
  const types = new Map([
    ['n', 'int4'],
    ['s', 'text'],
  ]);
  it('parses quoted values, in-lists and not.', () => {
    expect(parseFilter('s=in.("a,b",c),n=not.gt.5'), 'commas inside quotes stay in the value').toEqual([
      { column: 's', op: 'in', negate: false, value: ['a,b', 'c'] },
      { column: 'n', op: 'gt', negate: true, value: '5' },
    ]);
    expect(() => parseFilter('n=between.1'), 'unknown operators are refused').toThrow(/unknown operator/);
  });
  it('compares numbers numerically and treats NULL as unknown', () => {
    expect(matchesFilter(parseFilter('n=gt.9'), { n: 10 }, types), '10 > 9 numerically, not as text').toBe(true);
    expect(matchesFilter(parseFilter('s=not.eq.x'), { s: null }, types), 'not.eq on NULL does not match').toBe(false);
    expect(matchesFilter(parseFilter('s=like.a\\%%'), { s: 'a%b' }, types), 'escaped % is literal').toBe(true);
  });
});

describe('realtime values', () => {
  it('renders pgoutput text as to_jsonb would', () => {
    expect(convertValue('int8', '42'), 'int8 is a number').toBe(42);
    expect(convertValue('bool', 'f'), 'bool is a boolean').toBe(false);
    expect(convertValue('jsonb', '{"a":[1]}'), 'jsonb is parsed').toEqual({ a: [1] });
    expect(convertValue('_text', '{a,"b c",NULL}'), 'arrays are parsed with quotes and NULL').toEqual(['a', 'b c', null]);
    expect(convertValue('_int4', '{{1,2},{3,4}}'), 'nested arrays keep their shape and element type').toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(convertValue('timestamptz', '2024-05-01 10:00:00.5+00'), 'timestamptz is ISO with a full offset').toBe('2024-05-01T10:00:00.5+00:00');
  });
});
