/**
 * The caller's own profile and the role switcher (spec part 1 §7, part 2 §7).
 * Profile fields are written on the active account by update_own_profile()
 * (column grants and RLS as for the app); the e-mail is the sign-in's, so a
 * new address goes through Auth's confirmed e-mail change exactly like the
 * app's profile form: Auth mails the new address, and only when that link is
 * followed does the account show it. The role switcher is switch_role(),
 * which refuses every sign-in but the privileged one (403).
 */
import { z } from '../../_shared/deps.ts';
import { HttpError } from '../../_shared/http.ts';
import { unwrap } from '../db.ts';
import { route } from '../router.ts';
import type { Caller } from '../session.ts';
import { camelize } from '../shapes.ts';

const ROLES = ['agent', 'tc', 'super_admin'] as const;

const PROFILE_COLUMNS =
  'id, email, first_name, last_name, phone, role, original_role, assigned_tc_id, profile_image_url, mls_system, mls_username, license_number, brokerage, brokerage_address, created_at';

/** Optional text: blank clears (null), omitted keeps what is stored. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullish();

const profileUpdate = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(100),
    lastName: z.string().trim().min(1, 'Last name is required').max(100),
    email: z.string().trim().pipe(z.email('Valid email is required').max(255)).optional(),
    phone: optionalText(50),
    mlsSystem: optionalText(255),
    mlsUsername: optionalText(255),
    licenseNumber: optionalText(100),
    brokerage: optionalText(255),
    brokerageAddress: optionalText(500),
  })
  .strict();

const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
  mlsSystem: 'mls_system',
  mlsUsername: 'mls_username',
  licenseNumber: 'license_number',
  brokerage: 'brokerage',
  brokerageAddress: 'brokerage_address',
} as const;

const profileShape = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  originalRole: z.enum(ROLES).nullable(),
  assignedTcId: z.uuid().nullable(),
  profileImageUrl: z.string().nullable(),
  mlsSystem: z.string().nullable(),
  mlsUsername: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  brokerage: z.string().nullable(),
  brokerageAddress: z.string().nullable(),
  createdAt: z.string(),
  pendingEmail: z.string().nullable().describe('A new address awaiting its confirmation link, else null.'),
});

/** Auth's e-mail change for the caller's sign-in (the app's `supabase.auth.updateUser({ email })`): a confirmation mail to the new address. */
async function requestEmailChange(caller: Caller, email: string): Promise<void> {
  const response = await fetch(`${Deno.env.get('SUPABASE_URL')}/auth/v1/user`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${caller.token}`, apikey: Deno.env.get('SUPABASE_ANON_KEY') ?? '', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (response.ok) return;
  const answer = (await response.json().catch(() => ({}))) as { msg?: string; message?: string; error_code?: string };
  const message = answer.msg ?? answer.message ?? 'The e-mail change was refused';
  if (response.status >= 400 && response.status < 500) throw new HttpError(response.status === 422 ? 400 : response.status, answer.error_code ?? 'invalid_input', `email: ${message}`);
  throw new Error(`auth e-mail change failed (${response.status}): ${message}`);
}

export const profileRoutes = [
  route<Record<string, never>, Record<string, never>, z.infer<typeof profileUpdate>>({
    method: 'PUT',
    path: '/profile',
    tag: 'profile',
    summary:
      "Saves the caller's profile (firstName, lastName, email, phone; agents also mlsSystem, mlsUsername, licenseNumber, brokerage, brokerageAddress — omitted fields are kept, blank ones cleared). A new e-mail starts Auth's confirmed change and is answered as pendingEmail.",
    body: { json: profileUpdate },
    response: profileShape,
    async handler({ caller, body }) {
      const changes: Record<string, string | null> = {};
      for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
        if (body[field] !== undefined) changes[column] = body[field] ?? null;
      }
      const account = unwrap(await caller.db.rpc('update_own_profile', { changes }).select(PROFILE_COLUMNS).single()) as { email: string };
      const pendingEmail = body.email && body.email.toLowerCase() !== account.email.toLowerCase() ? body.email : null;
      if (pendingEmail) await requestEmailChange(caller, pendingEmail);
      return { ...camelize(account), pendingEmail };
    },
  }),
  route<Record<string, never>, Record<string, never>, { role: (typeof ROLES)[number] }>({
    method: 'PUT',
    path: '/user/role',
    tag: 'profile',
    summary: 'The role switcher (switch_role): only the privileged sign-in may switch (403 otherwise); answers the new role.',
    body: { json: z.object({ role: z.enum(ROLES) }).strict() },
    response: z.object({ role: z.enum(ROLES) }),
    async handler({ caller, body }) {
      return { role: unwrap(await caller.db.rpc('switch_role', { target: body.role })) };
    },
  }),
];
