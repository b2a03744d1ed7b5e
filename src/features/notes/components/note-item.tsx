import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { personName, UserAvatar } from '@/components/user-avatar';
import { VoicePlayer } from '@/components/voice-player';
import type { CurrentUser } from '@/hooks/use-current-user';
import { formatTimestamp } from '@/lib/format-timestamp';
import { can } from '@/lib/permissions';
import { roleLabel } from '@/lib/role-label';
import { useDeleteNote } from '@/features/notes/api/delete-note';
import { NoteText } from '@/features/notes/components/note-text';
import type { Note } from '@/features/notes/api/get-notes';
import { useUpdateNote } from '@/features/notes/api/update-note';

export function NoteItem({ note, user }: { note: Note; user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.content);
  const updateNote = useUpdateNote();
  const deleteNote = useDeleteNote();
  const canEdit = can.editNote(user, note);
  const canDelete = can.deleteNote(user, note);

  const save = () => {
    if (!draft.trim()) return;
    updateNote.mutate({ listingId: note.listing_id, noteId: note.id, content: draft.trim() }, { onSuccess: () => setEditing(false) });
  };

  return (
    <li className="flex gap-3 rounded-lg border p-4" data-testid="note">
      <UserAvatar person={note.user} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
            <span className="text-sm font-medium">{personName(note.user)}</span>
            {note.user?.role && <Badge variant="secondary">{roleLabel(note.user.role, 'short')}</Badge>}
            {note.is_voice && <Badge variant="outline">Voice</Badge>}
            {note.is_email && <Badge variant="outline">E-mail</Badge>}
            <span className="text-muted-foreground text-xs">{formatTimestamp(note.created_at)}</span>
          </div>
          {(canEdit || canDelete) && !editing && (
            <span className="flex shrink-0 gap-1">
              {canEdit && (
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label="Edit note"
                  onClick={() => {
                    setDraft(note.content);
                    setEditing(true);
                  }}
                >
                  <Pencil />
                </Button>
              )}
              {canDelete && (
                <ConfirmAction
                  title="Delete note"
                  question="Are you sure you want to delete this note?"
                  onConfirm={() => deleteNote.mutate({ listingId: note.listing_id, noteId: note.id, voiceUrl: note.voice_url })}
                  trigger={
                    <Button size="icon-sm" variant="ghost" aria-label="Delete note" disabled={deleteNote.isPending}>
                      <Trash2 />
                    </Button>
                  }
                />
              )}
            </span>
          )}
        </div>
        {editing ? (
          <div className="flex flex-col gap-2">
            <Textarea aria-label="Edit note" value={draft} onChange={(event) => setDraft(event.target.value)} />
            <div className="flex gap-2">
              <Button size="sm" onClick={save} disabled={!draft.trim() || updateNote.isPending}>
                Save
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <NoteText content={note.content} isEmail={note.is_email} />
        )}
        {note.is_voice && note.voice_url && <VoicePlayer objectPath={note.voice_url} durationSeconds={note.duration} />}
      </div>
    </li>
  );
}
