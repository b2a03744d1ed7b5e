import { BellRing } from 'lucide-react';
import { useSmartReminders } from '@/features/listings/api/get-smart-reminders';

/** Shown to coordinators and super admins when the smart-reminders function has something to say. */
export function SmartRemindersPanel({ listingId }: { listingId: string }) {
  const { data: reminders } = useSmartReminders(listingId, { enabled: true });
  if (!reminders || reminders.length === 0) return null;
  return (
    <section aria-label="Smart Reminders" className="rounded-lg border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950/40">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-200">
        <BellRing className="size-4" />
        Smart Reminders
      </h3>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-6 text-sm text-amber-900 dark:text-amber-100">
        {reminders.map((reminder) => (
          <li key={reminder}>{reminder}</li>
        ))}
      </ul>
    </section>
  );
}
