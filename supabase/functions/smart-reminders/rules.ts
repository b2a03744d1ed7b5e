/**
 * The rules behind smart reminders, kept free of I/O so they can be tested
 * alone. Each rule looks at one fact about the listing and, when it applies,
 * says what to do about it in one sentence.
 */

export interface ReminderFacts {
  listing: {
    status: string;
    /** The status's label from public.listing_statuses (the key when unknown). */
    status_label: string;
    property_image_url: string | null;
    photo_urls: unknown;
    agent_id: string | null;
    updated_at: string;
  };
  tasks: Array<{
    title: string;
    status: string;
    agent_response: string | null;
    due_date: string | null;
    created_at: string;
    is_read_by_agent: boolean;
  }>;
  documentCount: number;
}

/** A task without an answer for this long is worth chasing. */
export const UNANSWERED_AFTER_HOURS = 48;
/** A listing whose status has not moved for this long (and is not yet under contract) is stale. */
export const STALE_STATUS_AFTER_DAYS = 7;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function buildReminders(facts: ReminderFacts, now: Date): string[] {
  const reminders: string[] = [];
  const today = now.toISOString().slice(0, 10);
  const open = facts.tasks.filter((task) => task.status !== 'completed');

  for (const task of open) {
    if (task.due_date && task.due_date < today) {
      const days = Math.max(1, Math.round((Date.parse(today) - Date.parse(task.due_date)) / DAY_MS));
      reminders.push(`"${task.title}" is overdue by ${plural(days, 'day')}. Follow up with the agent.`);
    }
  }
  for (const task of open) {
    if (task.agent_response) continue;
    const hours = (now.getTime() - Date.parse(task.created_at)) / HOUR_MS;
    if (hours >= UNANSWERED_AFTER_HOURS) {
      const unread = task.is_read_by_agent ? '' : ' and the agent has not opened it yet';
      reminders.push(`"${task.title}" has had no response for ${plural(Math.floor(hours / 24), 'day')}${unread}. Consider resending it.`);
    }
  }
  for (const task of open) {
    if (task.agent_response) reminders.push(`The agent answered "${task.title}". Review the response and mark it completed.`);
  }

  if (facts.documentCount === 0) {
    reminders.push('No documents have been uploaded yet. Request the listing agreement and seller disclosure.');
  }
  const photos = Array.isArray(facts.listing.photo_urls) ? facts.listing.photo_urls.length : 0;
  if (!facts.listing.property_image_url && photos === 0) {
    reminders.push('The listing has no photos yet. Ask the agent for a main property image.');
  }
  if (!facts.listing.agent_id) {
    reminders.push('This listing has no agent assigned, so requirement tasks cannot be created.');
  }

  const statusAgeDays = Math.floor((now.getTime() - Date.parse(facts.listing.updated_at)) / DAY_MS);
  // Under contract, the contract's deadlines drive the work; closed, nothing is left to move.
  if (facts.listing.status !== 'under_contract' && facts.listing.status !== 'closed' && statusAgeDays >= STALE_STATUS_AFTER_DAYS) {
    reminders.push(`The listing has been unchanged in "${facts.listing.status_label}" for ${plural(statusAgeDays, 'day')}. Check whether it can move forward.`);
  }
  return reminders;
}
