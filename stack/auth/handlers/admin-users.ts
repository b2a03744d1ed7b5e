/**
 * The admin user API (service role only): /admin/users list, create, get,
 * update and delete. The list pages with `page`/`per_page` and answers
 * `x-total-count` and a `link` header shaped exactly as GoTrue's, because
 * auth-js parses it by position (page must be the first query parameter).
 */
import { z } from 'zod';
import { inTransaction, json, type AuthRequest, type Db, type Reply } from '../context.ts';
import { badRequest, notFound, parseWith, unprocessable, userNotFound } from '../errors.ts';
import { requireAdmin } from '../guards.ts';
import { assertStrongPassword, hashPassword } from '../passwords.ts';
import { emailField, metadataField, passwordField } from '../schemas.ts';
import { endSessions } from '../sessions.ts';
import { confirmEmail, findUserByEmail, findUserById, insertUser, mergeMetadata, userJson, type UserRow } from '../users.ts';

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

/** auth-js sends `page=&per_page=` (empty) when the caller gave none. */
const pageParam = z.union([z.literal(''), z.coerce.number().int().min(1)]).optional();
const listQuery = z.object({ page: pageParam, per_page: pageParam });

const bcryptHash = z.string().regex(/^\$2[abxy]\$\d{2}\$.{53}$/, 'password_hash must be a bcrypt hash');
/** Go duration strings as GoTrue takes them for ban_duration ("24h", "1h30m", "none"). */
const banDuration = z.string().regex(/^(none|(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+)$/, 'ban_duration must be a duration like "24h" or "none"');

const createUserBody = z.object({
  id: z.uuid().optional(),
  email: emailField.optional(),
  phone: z.string().optional(),
  password: passwordField.optional(),
  password_hash: bcryptHash.optional(),
  email_confirm: z.boolean().optional(),
  phone_confirm: z.boolean().optional(),
  user_metadata: metadataField.nullish(),
  app_metadata: metadataField.nullish(),
  role: z.string().min(1).max(255).optional(),
  ban_duration: banDuration.optional(),
});

const updateUserBody = createUserBody.omit({ id: true });
const deleteUserBody = z.object({ should_soft_delete: z.boolean().default(false) });

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** The moment a ban ends, or null to lift it. */
export function banEnd(duration: string): Date | null {
  if (duration === 'none') return null;
  let ms = 0;
  for (const [, amount, , unit] of duration.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) ms += Number(amount) * UNIT_MS[unit!]!;
  return new Date(Date.now() + ms);
}

export async function listUsers(r: AuthRequest): Promise<Reply> {
  await requireAdmin(r);
  const query = parseWith(listQuery, Object.fromEntries(r.url.searchParams));
  const page = query.page || 1;
  const perPage = Math.min(query.per_page || DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const db = r.ctx.pool;
  const total = Number((await db.query<{ n: string }>('select count(*) as n from auth.users where deleted_at is null')).rows[0]!.n);
  const { rows } = await db.query<UserRow>('select * from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2', [
    perPage,
    (page - 1) * perPage,
  ]);
  const users = await Promise.all(rows.map((u) => userJson(db, u)));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links = [];
  if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  return json({ users, aud: 'authenticated' }, 200, { 'x-total-count': String(total), link: links.join(', ') });
}

export async function createUser(r: AuthRequest): Promise<Reply> {
  await requireAdmin(r);
  const body = parseWith(createUserBody, await r.body());
  if (!body.email) throw badRequest('validation_failed', body.phone ? 'Phone logins are disabled' : 'Unable to validate email address: invalid format');
  const email = body.email;
  if (body.password !== undefined) assertStrongPassword(body.password, r.settings.minimumPasswordLength);
  const encryptedPassword = body.password_hash ?? (body.password !== undefined ? await hashPassword(body.password) : null);
  return inTransaction(r.ctx.pool, async (db) => {
    if (await findUserByEmail(db, email)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    if (body.id && (await db.query('select 1 from auth.users where id = $1', [body.id])).rowCount) {
      throw unprocessable('user_already_exists', 'User already exists');
    }
    const user = await insertUser(db, {
      id: body.id,
      email,
      encryptedPassword,
      confirmed: body.email_confirm ?? false,
      userMetadata: body.user_metadata ?? {},
      appMetadata: body.app_metadata ?? {},
      role: body.role,
      bannedUntil: body.ban_duration ? banEnd(body.ban_duration) : null,
    });
    return json(await userJson(db, user));
  });
}

const userIdOf = (r: AuthRequest) => {
  const id = r.path.split('/')[3] ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  return id;
};

async function loadUser(db: Db, id: string, lock = false): Promise<UserRow> {
  const user = await findUserById(db, id, lock);
  if (!user) throw userNotFound();
  return user;
}

export async function getUserById(r: AuthRequest): Promise<Reply> {
  await requireAdmin(r);
  return json(await userJson(r.ctx.pool, await loadUser(r.ctx.pool, userIdOf(r))));
}

export async function updateUserById(r: AuthRequest): Promise<Reply> {
  await requireAdmin(r);
  const id = userIdOf(r);
  const body = parseWith(updateUserBody, await r.body());
  if (body.password !== undefined) assertStrongPassword(body.password, r.settings.minimumPasswordLength);
  const newHash = body.password_hash ?? (body.password !== undefined ? await hashPassword(body.password) : undefined);
  return inTransaction(r.ctx.pool, async (db) => {
    const user = await loadUser(db, id, true);
    const set = (column: string, value: unknown) => db.query(`update auth.users set ${column} = $2, updated_at = now() where id = $1`, [id, value]);
    if (body.email && body.email !== user.email) {
      const owner = await findUserByEmail(db, body.email);
      if (owner) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      // An admin's change applies at once, without a confirmation mail.
      await set('email', body.email);
      await db.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`, [id, body.email]);
    }
    if (newHash !== undefined) await set('encrypted_password', newHash);
    if (body.email_confirm) await confirmEmail(db, user);
    if (body.user_metadata) await set('raw_user_meta_data', mergeMetadata(user.raw_user_meta_data, body.user_metadata));
    if (body.app_metadata) await set('raw_app_meta_data', mergeMetadata(user.raw_app_meta_data, body.app_metadata));
    if (body.role) await set('role', body.role);
    if (body.ban_duration) {
      const until = banEnd(body.ban_duration);
      await set('banned_until', until);
      // A ban takes effect now: the user's sessions (and refresh tokens) end.
      if (until) await endSessions(db, id, undefined, 'global');
    }
    return json(await userJson(db, await loadUser(db, id)));
  });
}

export async function deleteUserById(r: AuthRequest): Promise<Reply> {
  await requireAdmin(r);
  const id = userIdOf(r);
  const body = parseWith(deleteUserBody, await r.body());
  await inTransaction(r.ctx.pool, async (db) => {
    await loadUser(db, id, true);
    await db.query('delete from auth.flow_state where user_id = $1', [id]);
    if (!body.should_soft_delete) {
      // Identities, sessions (and with them refresh tokens) go with the user by foreign key.
      await db.query('delete from auth.users where id = $1', [id]);
      return;
    }
    // Soft delete keeps the row for foreign keys but frees the address and ends every way in.
    await endSessions(db, id, undefined, 'global');
    await db.query('delete from auth.identities where user_id = $1', [id]);
    await db.query(
      `update auth.users set deleted_at = now(), updated_at = now(), email = null, phone = null, encrypted_password = '',
         confirmation_token = '', recovery_token = '', email_change_token_new = '', email_change = '' where id = $1`,
      [id],
    );
  });
  return json({});
}
