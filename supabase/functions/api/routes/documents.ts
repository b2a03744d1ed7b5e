/**
 * Documents (spec part 1 §7, part 2 §7): a listing's documents and the
 * team's general library, each with its uploader; uploads go to Storage as
 * the caller (listing-documents `listings/<id>/…`, team-documents
 * `teams/<coordinator_id>/…`) and the row follows — a row that cannot be
 * written removes the file again. The uploader and the team are set by the
 * database from the caller, never taken from the payload.
 */
import { z } from '../../_shared/deps.ts';
import { found, unwrap } from '../db.ts';
import { acceptFile, BUCKET_RULES, fileField, objectPathFor, removeObjects, uploadThenRecord, type BucketRule } from '../files.ts';
import { callerAccount, callerTeam, teamInScope } from '../scope.ts';
import { route } from '../router.ts';
import type { Caller } from '../session.ts';
import { camelize, idParam, pageQuery, pageRange, type PageQuery } from '../shapes.ts';

/** What every document list shows (the app's DOCUMENT_COLUMNS): the row, its scope and the uploader. */
const DOCUMENT_COLUMNS =
  'id, listing_id, team_tc_id, is_general, file_name, file_url, file_type, file_size, uploaded_by, created_at, uploaded_by_user:users!documents_uploaded_by_fkey(id, first_name, last_name, email)';

export const documentShape = z.object({
  id: z.uuid(),
  listingId: z.uuid().nullable(),
  teamTcId: z.uuid().nullable(),
  isGeneral: z.boolean(),
  fileName: z.string(),
  fileUrl: z.string().describe('The object path in listing-documents (listing documents) or team-documents (general); GET /api/view-document/{filename} serves it.'),
  fileType: z.string().nullable(),
  fileSize: z.number().nullable(),
  uploadedBy: z.uuid().nullable(),
  createdAt: z.string(),
  uploadedByUser: z.object({ id: z.uuid(), firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string().nullable() }).nullable(),
});

const upload = z.object({ file: fileField('file') });
const generalUpload = z.object({
  file: fileField('file'),
  teamId: z.uuid().optional().describe("The team (its coordinator's id); only a super admin needs it, others upload into their own team."),
});
const generalQuery = pageQuery.extend({ teamId: z.uuid().optional().describe("Only this team's library (its coordinator's id); RLS already limits others to their own team.") });

/** Uploads the file into `folder` of the rule's bucket, then inserts its documents row (with `scope` columns). */
async function storeDocument(caller: Caller, rule: BucketRule, folder: string, file: File, scope: Record<string, unknown>) {
  const contentType = acceptFile('file', file, rule);
  const path = objectPathFor(folder, file.name);
  return await uploadThenRecord(caller, [{ bucket: rule.bucket, path, file, contentType }], async () =>
    camelize(
      unwrap(
        await caller.db
          .from('documents')
          .insert({ ...scope, file_name: file.name.slice(0, 255), file_url: path, file_type: contentType, file_size: file.size })
          .select(DOCUMENT_COLUMNS)
          .single(),
      ),
    ),
  );
}

export const documentRoutes = [
  route<{ id: string }, PageQuery>({
    method: 'GET',
    path: '/listings/:id/documents',
    tag: 'documents',
    summary: "A listing's documents with their uploader, newest first (paged).",
    params: idParam,
    query: pageQuery,
    response: z.array(documentShape),
    async handler({ caller, params, query }) {
      // One request: the listing (404 when hidden) with one page of its documents embedded.
      const [from, to] = pageRange(query);
      const listing = found(
        await caller.db
          .from('listings')
          .select(`id, documents(${DOCUMENT_COLUMNS})`)
          .eq('id', params.id)
          .order('created_at', { referencedTable: 'documents', ascending: false })
          .order('id', { referencedTable: 'documents' })
          .range(from, to, { referencedTable: 'documents' })
          .maybeSingle(),
        'Listing not found',
      );
      return camelize((listing as { documents: unknown[] }).documents);
    },
  }),
  route<{ id: string }, Record<string, never>, z.infer<typeof upload>>({
    method: 'POST',
    path: '/listings/:id/documents',
    tag: 'documents',
    summary: 'Uploads a listing document (multipart field `file`; pdf, doc, docx, jpg, jpeg, png, gif, txt, xlsx, xls; at most 25 MB).',
    params: idParam,
    body: { multipart: upload },
    status: 201,
    response: documentShape,
    async handler({ caller, params, body }) {
      return await storeDocument(caller, BUCKET_RULES.listingDocuments, `listings/${params.id}`, body.file, { listing_id: params.id });
    },
  }),
  route<{ id: string }>({
    method: 'DELETE',
    path: '/documents/:id',
    tag: 'documents',
    summary: "Deletes a document and its file (the uploader, the listing's agent, the team's coordinator, a super admin).",
    params: idParam,
    async handler({ caller, params }) {
      const row = found(await caller.db.from('documents').delete().eq('id', params.id).select('file_url, is_general').maybeSingle(), 'Document not found') as {
        file_url: string;
        is_general: boolean;
      };
      // Storage lets the uploader (and a team's coordinator, a super admin) remove the file; otherwise it stays, readable only in scope.
      if (!/^https?:\/\//.test(row.file_url)) {
        await removeObjects(caller, row.is_general ? BUCKET_RULES.teamDocuments.bucket : BUCKET_RULES.listingDocuments.bucket, [row.file_url]);
      }
    },
  }),
  route<Record<string, never>, z.infer<typeof generalQuery>>({
    method: 'GET',
    path: '/documents/general',
    tag: 'documents',
    summary: "The team's general documents with their uploader, newest first (paged).",
    query: generalQuery,
    response: z.array(documentShape),
    async handler({ caller, query }) {
      const [from, to] = pageRange(query);
      const team = query.teamId ?? teamInScope(await callerAccount(caller));
      if (team === null) return [];
      let request = caller.db.from('documents').select(DOCUMENT_COLUMNS).eq('is_general', true);
      if (team !== 'all') request = request.eq('team_tc_id', team);
      return camelize(unwrap(await request.order('created_at', { ascending: false }).order('id').range(from, to)));
    },
  }),
  route<Record<string, never>, Record<string, never>, z.infer<typeof generalUpload>>({
    method: 'POST',
    path: '/documents/general',
    tag: 'documents',
    summary: "Uploads a document into the caller's team library (multipart field `file`; pdf, doc, docx, txt, jpg, jpeg, png; at most 25 MB).",
    body: { multipart: generalUpload },
    status: 201,
    response: documentShape,
    async handler({ caller, body }) {
      acceptFile('file', body.file, BUCKET_RULES.teamDocuments);
      const team = body.teamId ?? (await callerTeam(caller));
      return await storeDocument(caller, BUCKET_RULES.teamDocuments, `teams/${team}`, body.file, { is_general: true, team_tc_id: team });
    },
  }),
];
