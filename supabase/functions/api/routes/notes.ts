/**
 * Notes of a listing (spec part 1 §7): typed or voice notes with their
 * author, newest first and paged; editing and deleting are the author's
 * (RLS). The author is set by the database, never taken from the payload.
 */
import { z } from '../../_shared/deps.ts';
import { found, unwrap } from '../db.ts';
import { route } from '../router.ts';
import { camelize, idParam, pageQuery, pageRange, personShape, voiceObjectPath, type PageQuery } from '../shapes.ts';

const NOTE_COLUMNS =
  'id, listing_id, user_id, content, is_voice, voice_url, duration, created_at, updated_at, user:users!notes_user_id_fkey(id, first_name, last_name, email, role, profile_image_url)';

export const noteShape = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  userId: z.uuid().nullable(),
  content: z.string(),
  isVoice: z.boolean(),
  voiceUrl: z.string().nullable(),
  duration: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: personShape.nullable(),
});

const noteContent = z.string().trim().min(1, 'Note content is required').max(10_000);

const newNote = z.union([
  z.object({ content: noteContent }).strict(),
  z
    .object({
      content: z.string().max(10_000),
      isVoice: z.literal(true),
      voiceUrl: z.string().min(1).max(2048),
      duration: z.number().int().min(0).max(3600),
    })
    .strict(),
]);

export const noteRoutes = [
  route<{ id: string }, PageQuery>({
    method: 'GET',
    path: '/listings/:id/notes',
    tag: 'notes',
    summary: "A listing's notes with their author, newest first (paged).",
    params: idParam,
    query: pageQuery,
    response: z.array(noteShape),
    async handler({ caller, params, query }) {
      // One request: the listing (404 when hidden) with one page of its notes embedded.
      const [from, to] = pageRange(query);
      const listing = found(
        await caller.db
          .from('listings')
          .select(`id, notes(${NOTE_COLUMNS})`)
          .eq('id', params.id)
          .order('created_at', { referencedTable: 'notes', ascending: false })
          .order('id', { referencedTable: 'notes' })
          .range(from, to, { referencedTable: 'notes' })
          .maybeSingle(),
        'Listing not found',
      );
      return camelize((listing as { notes: unknown[] }).notes);
    },
  }),
  route<{ id: string }, Record<string, never>, z.infer<typeof newNote>>({
    method: 'POST',
    path: '/listings/:id/notes',
    tag: 'notes',
    summary: 'Adds a typed note (`{content}`) or a voice note (`{content, isVoice, voiceUrl, duration}`) to a listing.',
    params: idParam,
    body: { json: newNote },
    status: 201,
    response: noteShape,
    async handler({ caller, params, body }) {
      const row: Record<string, unknown> =
        'isVoice' in body
          ? { listing_id: params.id, content: body.content, is_voice: true, voice_url: voiceObjectPath(body.voiceUrl), duration: body.duration }
          : { listing_id: params.id, content: body.content };
      return camelize(unwrap(await caller.db.from('notes').insert(row).select(NOTE_COLUMNS).single()));
    },
  }),
  route<{ id: string }, Record<string, never>, { content: string }>({
    method: 'PUT',
    path: '/notes/:id',
    tag: 'notes',
    summary: "Edits a note's text (its author only).",
    params: idParam,
    body: { json: z.object({ content: noteContent }).strict() },
    response: noteShape,
    async handler({ caller, params, body }) {
      return camelize(found(await caller.db.from('notes').update({ content: body.content }).eq('id', params.id).select(NOTE_COLUMNS).maybeSingle(), 'Note not found'));
    },
  }),
  route<{ id: string }>({
    method: 'DELETE',
    path: '/notes/:id',
    tag: 'notes',
    summary: 'Deletes a note (its author only).',
    params: idParam,
    async handler({ caller, params }) {
      found(await caller.db.from('notes').delete().eq('id', params.id).select('id').maybeSingle(), 'Note not found');
    },
  }),
];
