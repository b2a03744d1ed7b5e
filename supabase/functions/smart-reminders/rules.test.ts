import { describe, expect, test } from 'vitest';
import { buildReminders, type ReminderFacts } from './rules.ts';

const now = new Date('2024-06-10T12:00:00Z');

function facts(overrides: Partial<ReminderFacts> = {}): ReminderFacts {
  return {
    listing: { status: 'ready', status_label: 'Ready', property_image_url: 'listings/x/front.jpg', photo_urls: [], agent_id: 'a', updated_at: '2024-06-09T12:00:00Z' },
    tasks: [],
    documentCount: 2,
    ...overrides,
  };
}

const task = (over: Partial<ReminderFacts['tasks'][number]>): ReminderFacts['tasks'][number] => ({
  title: 'Seller disclosure',
  status: 'pending',
  agent_response: null,
  due_date: null,
  created_at: '2024-06-10T10:00:00Z',
  is_read_by_agent: true,
  ...over,
});

describe('smart reminder rules', () => {
  test('a healthy listing gets no reminders', () => {
    expect(buildReminders(facts(), now), 'nothing to remind about').toEqual([]);
  });

  test('overdue, unanswered and answered tasks each produce a reminder; completed tasks none', () => {
    const reminders = buildReminders(
      facts({
        tasks: [
          task({ title: 'Overdue', due_date: '2024-06-07' }),
          task({ title: 'Silent', created_at: '2024-06-07T12:00:00Z', is_read_by_agent: false }),
          task({ title: 'Answered', agent_response: 'Done' }),
          task({ title: 'Closed', status: 'completed', due_date: '2024-01-01', agent_response: 'ok' }),
        ],
      }),
      now,
    );
    expect(reminders, 'overdue by whole days').toContain('"Overdue" is overdue by 3 days. Follow up with the agent.');
    expect(reminders.some((r) => r.startsWith('"Silent" has had no response for 3 days and the agent has not opened it yet')), 'unanswered for 48 h').toBe(true);
    expect(reminders.some((r) => r.includes('"Answered"')), 'a response awaits review').toBe(true);
    expect(reminders.some((r) => r.includes('Closed')), 'completed tasks are never mentioned').toBe(false);
  });

  test('missing documents, missing photos and a stale status are reported', () => {
    const reminders = buildReminders(
      facts({ documentCount: 0, listing: { status: 'incomplete', status_label: 'Incomplete', property_image_url: null, photo_urls: [], agent_id: 'a', updated_at: '2024-05-31T12:00:00Z' } }),
      now,
    );
    expect(reminders.some((r) => r.startsWith('No documents')), 'no documents').toBe(true);
    expect(reminders.some((r) => r.includes('no photos')), 'no photos').toBe(true);
    expect(reminders.some((r) => r.includes('"Incomplete" for 10 days')), 'stale for 10 days').toBe(true);
  });

  test('a listing under contract or closed is never called stale', () => {
    for (const status of ['under_contract', 'closed']) {
      const reminders = buildReminders(facts({ listing: { status, status_label: status, property_image_url: 'x.jpg', photo_urls: [], agent_id: 'a', updated_at: '2024-05-01T12:00:00Z' } }), now);
      expect(reminders, `${status} for 40 days`).toEqual([]);
    }
  });
});
