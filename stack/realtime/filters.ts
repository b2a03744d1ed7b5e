/**
 * Postgres Changes filters as realtime-js sends them (`col=op.value`, joined
 * by commas meaning AND, PostgREST-style quoting, optional `not.`), parsed
 * once at join and evaluated against each change's typed record. Evaluation
 * follows SQL's three-valued logic: a comparison with NULL is unknown and an
 * unknown filter does not deliver, as a WHERE clause would not.
 */
import { z } from 'zod';
import { isNumericType } from './values.ts';

export const FILTER_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct'] as const;
const operatorSchema = z.enum(FILTER_OPERATORS);
type Operator = z.infer<typeof operatorSchema>;

export interface FilterCondition {
  column: string;
  op: Operator;
  negate: boolean;
  /** Scalar value, or the list for `in`. */
  value: string | string[];
}

export class FilterError extends Error {}

/** Splits on `sep` outside double quotes and parentheses. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\' && i + 1 < text.length) {
        current += ch + text[++i];
        continue;
      }
      if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === sep && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

/** Removes PostgREST quoting: `"a\"b"` -> `a"b`; unquoted values are taken verbatim. */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/\\(.)/g, '$1');
  return value;
}

export function parseFilter(filter: string | undefined | null): FilterCondition[] {
  if (!filter || filter.trim() === '') return [];
  return splitTopLevel(filter, ',').map((part) => {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new FilterError(`invalid filter "${part}": expected column=operator.value`);
    const column = part.slice(0, eq).trim();
    let rest = part.slice(eq + 1);
    let negate = false;
    if (rest.startsWith('not.')) {
      negate = true;
      rest = rest.slice(4);
    }
    const dot = rest.indexOf('.');
    const parsedOp = operatorSchema.safeParse(dot < 0 ? rest : rest.slice(0, dot));
    if (!parsedOp.success || dot < 0) throw new FilterError(`invalid filter "${part}": unknown operator`);
    const raw = rest.slice(dot + 1);
    if (parsedOp.data === 'in') {
      if (!raw.startsWith('(') || !raw.endsWith(')')) throw new FilterError(`invalid filter "${part}": in expects (a,b,...)`);
      return { column, op: 'in', negate, value: splitTopLevel(raw.slice(1, -1), ',').map((v) => unquote(v)) };
    }
    return { column, op: parsedOp.data, negate, value: unquote(raw) };
  });
}

type Tri = boolean | null;

/** Compares a typed record value with a filter literal; null when not comparable. */
function compare(typeName: string, actual: unknown, literal: string): number | null {
  if (actual === null || actual === undefined) return null;
  if (isNumericType(typeName) || typeof actual === 'number') {
    const a = Number(actual);
    const b = Number(literal);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (typeof actual === 'boolean') {
    const b = /^(t|true|y|yes|on|1)$/i.test(literal) ? true : /^(f|false|n|no|off|0)$/i.test(literal) ? false : null;
    if (b === null) return null;
    return actual === b ? 0 : actual ? 1 : -1;
  }
  let a = typeof actual === 'object' ? JSON.stringify(actual) : String(actual);
  let b = literal;
  if (typeName === 'uuid') {
    a = a.toLowerCase();
    b = b.toLowerCase();
  }
  if (typeName === 'timestamptz' || typeName === 'timestamp' || typeName === 'date') {
    const ta = Date.parse(typeName === 'timestamp' ? `${a}Z` : a);
    const tb = Date.parse(typeName === 'timestamp' ? `${b.replace(' ', 'T')}Z` : b.replace(' ', 'T'));
    if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta === tb ? 0 : ta < tb ? -1 : 1;
  }
  return a === b ? 0 : a < b ? -1 : 1;
}

/** SQL LIKE pattern to a RegExp (`%`, `_`, backslash escapes). */
function likeToRegExp(pattern: string, flags: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) out += pattern[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (ch === '%') out += '[\\s\\S]*';
    else if (ch === '_') out += '[\\s\\S]';
    else out += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, flags);
}

function evaluateOne(cond: FilterCondition, record: Record<string, unknown>, types: Map<string, string>): Tri {
  if (!(cond.column in record)) return null;
  const actual = record[cond.column];
  const typeName = types.get(cond.column) ?? 'text';
  const literal = cond.value as string;
  switch (cond.op) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const c = compare(typeName, actual, literal);
      if (c === null) return null;
      return { eq: c === 0, neq: c !== 0, gt: c > 0, gte: c >= 0, lt: c < 0, lte: c <= 0 }[cond.op];
    }
    case 'in': {
      if (actual === null || actual === undefined) return null;
      return (cond.value as string[]).some((v) => compare(typeName, actual, v) === 0);
    }
    case 'like':
    case 'ilike':
    case 'match':
    case 'imatch': {
      if (actual === null || actual === undefined) return null;
      const text = typeof actual === 'object' ? JSON.stringify(actual) : String(actual);
      const insensitive = cond.op === 'ilike' || cond.op === 'imatch';
      try {
        const re = cond.op === 'like' || cond.op === 'ilike' ? likeToRegExp(literal, insensitive ? 'i' : '') : new RegExp(literal, insensitive ? 'i' : '');
        return re.test(text);
      } catch {
        return null;
      }
    }
    case 'is': {
      const v = literal.toLowerCase();
      if (v === 'null') return actual === null;
      if (v === 'true') return actual === true;
      if (v === 'false') return actual === false;
      if (v === 'unknown') return actual === null;
      return null;
    }
    case 'isdistinct': {
      if (literal.toLowerCase() === 'null') return actual !== null;
      if (actual === null) return true;
      return compare(typeName, actual, literal) !== 0;
    }
  }
}

/** True only when every condition is true for the record (unknown counts as no match). */
export function matchesFilter(conditions: FilterCondition[], record: Record<string, unknown>, types: Map<string, string>): boolean {
  for (const cond of conditions) {
    const result = evaluateOne(cond, record, types);
    if (result === null) return false;
    if ((cond.negate ? !result : result) !== true) return false;
  }
  return true;
}
