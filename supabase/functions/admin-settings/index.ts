/**
 * The admin console's System Settings in one request: the database settings
 * (admin_settings(), called as the caller so its super-admin check applies)
 * plus what only the functions' environment knows — whether an AI key is
 * configured. The key itself never leaves the function, only a boolean.
 *
 * GET or POST → 200 { settings: { role_switcher_email, inbound_email_domain,
 * invitation_lifetime_days }, aiConfigured }; 401 without a session, 403 for
 * anyone but a super admin.
 */
import { aiSettings } from '../_shared/ai.ts';
import { handler, HttpError, json } from '../_shared/http.ts';
import { createUserClient, requireUser } from '../_shared/supabase.ts';

Deno.serve(
  handler(async (req) => {
    await requireUser(req);
    const { data, error, status } = await createUserClient(req).rpc('admin_settings');
    if (error) {
      if (status === 403) throw new HttpError(403, 'forbidden', 'Super admin access required');
      throw new Error(`admin_settings failed: ${error.message}`);
    }
    const settings = Array.isArray(data) ? data[0] : data;
    return json({ settings, aiConfigured: aiSettings() !== null });
  }),
);
