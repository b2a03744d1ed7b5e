import { format } from 'date-fns';

/** Spec part 1 §2: 'Jan 5, 2024 at 3:07 PM'. */
export function formatTimestamp(value: string): string {
  return format(new Date(value), "MMM d, yyyy 'at' h:mm a");
}
