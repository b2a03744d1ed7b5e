/**
 * The only answer of a model the reminders accept, free of I/O so it is
 * tested alone: the rule reminders reordered and rephrased, each exactly once
 * (by its index), none added or dropped, each text short and non-empty.
 */

/** A phrased reminder must stay a reminder, not an essay. */
export const MAX_PHRASED_CHARS = 300;

export interface PhrasedItem {
  index: number;
  text: string;
}

/** The phrased reminders in the model's order, or null when the answer is not a permutation of the rule reminders. */
export function acceptOrdering(ruleCount: number, items: PhrasedItem[]): string[] | null {
  if (items.length !== ruleCount) return null;
  const seen = new Set<number>();
  const texts: string[] = [];
  for (const item of items) {
    const text = item.text.trim();
    if (!Number.isInteger(item.index) || item.index < 0 || item.index >= ruleCount || seen.has(item.index)) return null;
    if (text.length === 0 || text.length > MAX_PHRASED_CHARS) return null;
    seen.add(item.index);
    texts.push(text);
  }
  return texts;
}
