import { describe, expect, it } from 'vitest';
import { describeDue, itemColumns, itemDraftFromRow, moveItem, templateDraftSchema } from '@/features/compliance/lib/template-schema';

describe('template drafts', () => {
  it('refuses a task without a title and a document item without a type', () => {
    const result = templateDraftSchema.safeParse({
      name: 'Texas resale',
      conditions: { states: ['TX'] },
      items: [
        { kind: 'task', title: ' ', description: '', priority: 'medium', assignee: 'agent', anchor: 'listing_created', offsetDays: 1, offsetUnit: 'calendar' },
        { kind: 'document', documentType: '', requiredFor: 'live', needsApproval: true },
      ],
    });
    expect(result.error?.issues.map((i) => i.message), 'each bad item says what it lacks').toEqual(['A task needs a title', 'Choose a document type']);
  });

  it('accepts a key-date anchor and round-trips a stored item', () => {
    const row = {
      id: '5b3f7a52-3c1c-4f5e-9b9e-2f3f0a0b1c2d',
      kind: 'task',
      title: 'Earnest money receipt',
      description: null,
      priority: 'high',
      assignee: 'coordinator',
      anchor: 'deadline:earnest_money',
      offset_days: 1,
      offset_unit: 'calendar',
      document_type: null,
      required_for: null,
      needs_approval: true,
    };
    const draft = itemDraftFromRow(row);
    expect(itemColumns(draft), 'the columns come back as stored, with the id that keeps the item in place').toMatchObject({
      id: row.id,
      kind: 'task',
      anchor: 'deadline:earnest_money',
      assignee: 'coordinator',
      offset_days: 1,
    });
    expect(itemColumns({ ...draft, id: undefined }), 'a new item is sent without id').not.toHaveProperty('id');
  });
});

describe('describeDue', () => {
  it('says the offset in words', () => {
    expect(describeDue('closing_date', -3, 'business'), 'before the closing').toBe('3 business days before closing date');
    expect(describeDue('deadline:earnest_money', 1, 'calendar'), 'after a key date').toBe('1 day after key date earnest money');
    expect(describeDue('listing_created', 0, 'calendar'), 'on the anchor').toBe('On listing created');
  });
});

describe('moveItem', () => {
  it('moves an item and ignores moves past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0), 'up to the top').toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1), 'no move past the top').toEqual(['a', 'b']);
  });
});
