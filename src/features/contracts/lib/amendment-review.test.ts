import { describe, expect, it } from 'vitest';
import { amendmentReview, changesNoDate, type CurrentDate } from '@/features/contracts/lib/amendment-review';

const date = (key: string, due_at: string, extra: Partial<CurrentDate> = {}): CurrentDate => ({
  key,
  label: key,
  due_at,
  due_at_override: null,
  is_custom: false,
  status: 'open',
  ...extra,
});

describe('the review of an amendment, old → new for every date', () => {
  it('moves computed dates and leaves equal ones unchanged', () => {
    const rows = amendmentReview(
      [date('option_period_end', '2026-07-08T22:00:00Z'), date('closing', '2026-08-01T04:59:00Z')],
      [
        { key: 'option_period_end', label: 'Option period ends', due_at: '2026-07-11T22:00:00+00:00' },
        { key: 'closing', label: 'Closing', due_at: '2026-08-01T04:59:00+00:00' },
      ],
    );
    expect(rows.map((r) => [r.key, r.change]), 'the option period moved, the closing did not (same instant, other spelling)').toEqual([
      ['option_period_end', 'moved'],
      ['closing', 'unchanged'],
    ]);
    expect(rows[0].before, 'the old date is kept for the review').toBe('2026-07-08T22:00:00Z');
    expect(rows[0].after, 'the new date is the previewed one').toBe('2026-07-11T22:00:00+00:00');
  });

  it('keeps a date changed by hand and shows what the rules would now give', () => {
    const [row] = amendmentReview([date('survey', '2026-07-20T04:59:00Z', { due_at_override: '2026-07-20T04:59:00Z' })], [
      { key: 'survey', label: 'Survey due', due_at: '2026-07-25T04:59:00Z' },
    ]);
    expect(row.change, 'the override stays').toBe('kept-by-hand');
    expect(row.after, 'the date after saving is the override').toBe('2026-07-20T04:59:00Z');
    expect(row.computedAfter, 'the newly computed date is shown beside it').toBe('2026-07-25T04:59:00Z');
  });

  it('adds new key dates, removes open ones no longer given, keeps settled and custom ones', () => {
    const rows = amendmentReview(
      [
        date('survey', '2026-07-10T04:59:00Z'),
        date('financing_approval', '2026-07-12T04:59:00Z', { status: 'done' }),
        date('custom_1', '2026-07-15T22:00:00Z', { is_custom: true }),
      ],
      [{ key: 'closing', label: 'Closing', due_at: '2026-08-01T04:59:00Z' }],
    );
    const change = Object.fromEntries(rows.map((r) => [r.key, r.change]));
    expect(change.survey, 'an open key date the facts no longer give disappears').toBe('removed');
    expect(change.financing_approval, 'a done one stays').toBe('kept-settled');
    expect(change.custom_1, 'a custom deadline is untouched').toBe('custom');
    expect(change.closing, 'a key date the facts now give is added').toBe('added');
    expect(changesNoDate(rows), 'this amendment changes dates').toBe(false);
  });

  it('says when nothing moves', () => {
    const rows = amendmentReview([date('closing', '2026-08-01T04:59:00Z')], [{ key: 'closing', label: 'Closing', due_at: '2026-08-01T04:59:00Z' }]);
    expect(changesNoDate(rows), 'an amendment of other facts changes no date').toBe(true);
  });
});
