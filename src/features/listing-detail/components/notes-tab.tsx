import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import { useNotes } from '@/features/listing-detail/api/get-notes';
import { NoteComposer } from '@/features/listing-detail/components/note-composer';
import { NoteItem } from '@/features/listing-detail/components/note-item';
import { SmartRemindersPanel } from '@/features/listing-detail/components/smart-reminders-panel';

export function NotesTab({ listingId, user }: { listingId: string; user: CurrentUser }) {
  const notes = useNotes(listingId);
  return (
    <div className="flex flex-col gap-4">
      {can.seeSmartReminders(user) && <SmartRemindersPanel listingId={listingId} />}
      <NoteComposer listingId={listingId} user={user} />
      {notes.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : notes.isError ? (
        <p className="text-destructive text-sm">Could not load notes: {notes.error.message}</p>
      ) : notes.data.length === 0 ? (
        <p className="text-muted-foreground py-8 text-center text-sm">No notes yet. Add the first note to get started.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} user={user} />
          ))}
        </ul>
      )}
    </div>
  );
}
