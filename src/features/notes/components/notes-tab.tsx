import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useNotes } from '@/features/notes/api/get-notes';
import { NoteComposer } from '@/features/notes/components/note-composer';
import { NoteItem } from '@/features/notes/components/note-item';

/** The listing's notes with the composer; `header` is shown above them (the screen puts smart reminders there). */
export function NotesTab({ listingId, user, header }: { listingId: string; user: CurrentUser; header?: ReactNode }) {
  const notes = useNotes(listingId);
  return (
    <div className="flex flex-col gap-4">
      {header}
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
