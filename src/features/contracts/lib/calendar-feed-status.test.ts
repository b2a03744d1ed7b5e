import { describe, expect, it } from 'vitest';
import { isStopped, lastFetchedText } from './calendar-feed-status';

const now = new Date('2026-07-01T12:00:00Z');
const feed = { created_at: '2026-01-01T00:00:00Z', last_fetched_at: null, expires_at: '2026-12-28T09:00:00Z' };

describe('calendar feed status', () => {
  it('says when the feed was last fetched, or that it never was', () => {
    expect(lastFetchedText(feed, now), 'a feed nobody fetched').toBe('Never fetched yet');
    expect(lastFetchedText({ ...feed, last_fetched_at: '2026-07-01T09:00:00Z' }, now), 'hours, as people say them').toBe('Last fetched 3 hours ago');
    expect(lastFetchedText({ ...feed, last_fetched_at: '2026-07-01T12:00:05Z' }, now), 'a fetch a moment ahead of the clock is not "in 5 seconds"').toBe('Last fetched 0 seconds ago');
  });

  it('is stopped once expires_at has passed', () => {
    expect(isStopped(feed, now), 'before expires_at it runs').toBe(false);
    expect(isStopped({ ...feed, expires_at: '2026-07-01T12:00:00Z' }, now), 'at expires_at it has stopped').toBe(true);
  });
});
