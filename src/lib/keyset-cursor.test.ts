import { describe, expect, it } from 'vitest';
import { compareKeyset, mergeNewestPage, nextCursor, olderThanFilter } from '@/lib/keyset-cursor';

describe('keyset cursor', () => {
  const rows = [
    { created_at: '2025-06-18T10:00:00.000002+00:00', id: 'b' },
    { created_at: '2025-06-18T10:00:00.000001+00:00', id: 'a' },
  ];

  it('a full page continues after its oldest row; a short page is the last', () => {
    expect(nextCursor(rows, 2), 'the cursor is the last row, timestamp kept to the microsecond').toEqual({ createdAt: rows[1].created_at, id: 'a' });
    expect(nextCursor(rows, 3), 'fewer rows than the page size: nothing older').toBeUndefined();
    expect(nextCursor([], 3), 'an empty page has no cursor').toBeUndefined();
  });

  it('the filter takes strictly older rows, ties on created_at broken by id, values quoted for PostgREST', () => {
    expect(olderThanFilter({ createdAt: '2025-06-18T10:00:00.5+00:00', id: 'x' }), 'created_at earlier, or equal with a smaller id').toBe(
      'created_at.lt."2025-06-18T10:00:00.5+00:00",and(created_at.eq."2025-06-18T10:00:00.5+00:00",id.lt."x")',
    );
  });
});

/** Rows newest first, one second apart: row(9) is newer than row(8). */
const row = (n: number) => ({ id: `m${String(n).padStart(2, '0')}`, created_at: `2025-06-18T10:00:${String(n).padStart(2, '0')}+00:00` });
const rows = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => row(from - i));
const ids = (pages: { id: string }[][]) => pages.map((page) => page.map((r) => r.id));

describe('compareKeyset', () => {
  it('orders by created_at to the microsecond (PostgREST drops trailing zeros), then id', () => {
    const at = (created_at: string, id = 'a') => ({ created_at, id });
    expect(compareKeyset(at('2025-06-18T10:00:00.12+00:00'), at('2025-06-18T10:00:00.119999+00:00')), '.12 is after .119999').toBeGreaterThan(0);
    expect(compareKeyset(at('2025-06-18T10:00:00+00:00'), at('2025-06-18T10:00:00.000001+00:00')), 'a whole second is before a microsecond later').toBeLessThan(0);
    expect(compareKeyset(at('2025-06-18T10:00:00.5+00:00', 'a'), at('2025-06-18T10:00:00.5+00:00', 'b')), 'equal times: the smaller id is older').toBeLessThan(0);
  });
});

describe('mergeNewestPage', () => {
  const loaded = { pages: [rows(9, 7), rows(6, 4)], pageParams: [null, 'c7'] };

  it('appends new messages and keeps the older loaded pages and their cursors', () => {
    const merged = mergeNewestPage(loaded, rows(10, 8), 3);
    expect(ids(merged.pages), 'the new message joins the first page; rows below the fresh page stay').toEqual([['m10', 'm09', 'm08', 'm07'], ['m06', 'm05', 'm04']]);
    expect(merged.pageParams, 'older pages keep their cursors').toEqual([null, 'c7']);
  });

  it('drops a deleted message the fresh page covers', () => {
    const merged = mergeNewestPage(loaded, [row(9), row(7), row(6)], 3);
    expect(ids(merged.pages), 'm08 is gone, m06 appears once').toEqual([['m09', 'm07', 'm06'], ['m05', 'm04']]);
  });

  it('a short fresh page is the whole feed', () => {
    const merged = mergeNewestPage({ pages: [[row(2), row(1)]], pageParams: [null] }, [row(3), row(2)], 3);
    expect(ids(merged.pages), 'm01 was deleted: the fresh page reaches the start').toEqual([['m03', 'm02']]);
  });

  it('restarts from the fresh page when more than a page arrived unseen (no gap)', () => {
    const merged = mergeNewestPage(loaded, rows(14, 12), 3);
    expect(ids(merged.pages), 'm10 and m11 would be missing: the history restarts').toEqual([['m14', 'm13', 'm12']]);
    expect(merged.pageParams, 'only the first page remains').toEqual([null]);
  });
});
