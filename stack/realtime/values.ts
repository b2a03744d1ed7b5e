/**
 * Turns the text values pgoutput streams into the JSON values hosted
 * Realtime sends (it builds records with `to_jsonb`), so the client's
 * `convertChangeData` sees the same shapes: numbers, booleans, parsed JSON,
 * arrays, ISO timestamps.
 */

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

export function isNumericType(typeName: string): boolean {
  return NUMERIC.has(typeName);
}

/** One column value from its text form, as `to_jsonb(value::type)` would render it. */
export function convertValue(typeName: string, text: string | null | undefined): unknown {
  if (text === null || text === undefined) return text ?? null;
  if (typeName.startsWith('_')) return parseArrayLiteral(text, typeName.slice(1));
  switch (typeName) {
    case 'bool':
      return text === 't' ? true : text === 'f' ? false : text;
    case 'json':
    case 'jsonb':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    case 'timestamp':
      return text.replace(' ', 'T');
    case 'timestamptz':
      // "2024-05-01 10:00:00.123+00" -> "2024-05-01T10:00:00.123+00:00", like to_jsonb.
      return text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
    default:
      if (NUMERIC.has(typeName)) {
        const n = Number(text);
        // to_jsonb keeps NaN / Infinity as strings.
        return Number.isFinite(n) ? n : text;
      }
      return text;
  }
}

/** Parses a PostgreSQL array literal such as `{1,2,NULL}` or `{"a b",{c}}`. */
export function parseArrayLiteral(text: string, elementType: string): unknown {
  let src = text;
  // Arrays with explicit bounds look like "[1:2]={a,b}".
  if (src.startsWith('[')) src = src.slice(src.indexOf('=') + 1);
  let i = 0;
  const parseLevel = (): unknown[] => {
    const out: unknown[] = [];
    i++; // '{'
    while (i < src.length) {
      const ch = src[i];
      if (ch === '}') {
        i++;
        return out;
      }
      if (ch === ',') {
        i++;
        continue;
      }
      if (ch === '{') {
        out.push(parseLevel());
        continue;
      }
      if (ch === '"') {
        let value = '';
        i++;
        while (i < src.length && src[i] !== '"') {
          if (src[i] === '\\') i++;
          value += src[i];
          i++;
        }
        i++; // closing quote
        out.push(convertValue(elementType, value));
        continue;
      }
      let raw = '';
      while (i < src.length && src[i] !== ',' && src[i] !== '}') raw += src[i++];
      raw = raw.trim();
      out.push(raw.toUpperCase() === 'NULL' ? null : convertValue(elementType, raw));
    }
    return out;
  };
  if (!src.startsWith('{')) return text;
  return parseLevel();
}
