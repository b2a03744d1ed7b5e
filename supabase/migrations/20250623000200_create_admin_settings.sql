-- System Settings tab of the admin console: what the super admin needs to see
-- and adjust without a deploy. Values stay in private.settings (never exposed
-- by the API); these functions are the only way in.
--   inbound_email_domain      domain of the listings' forwarding addresses
--                             (listing-{id}@{domain}); empty = the app's host
--   invitation_lifetime_days  how long a new invitation stays usable
-- The role switcher's e-mail is shown read-only: changing who may impersonate
-- other roles stays a database operator's decision.

-- ---------------------------------------------------------------------------
-- Defaults
-- ---------------------------------------------------------------------------
insert into private.settings (key, value) values
  ('inbound_email_domain', ''),
  ('invitation_lifetime_days', '7')
on conflict (key) do nothing;

-- ---------------------------------------------------------------------------
-- Reading and changing the settings (super admin only)
-- ---------------------------------------------------------------------------
create function public.admin_settings()
returns table (role_switcher_email text, inbound_email_domain text, invitation_lifetime_days integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  return query
  select
    private.setting('role_switcher_email'),
    nullif(private.setting('inbound_email_domain'), ''),
    coalesce(private.setting('invitation_lifetime_days')::integer, 7);
end;
$$;
comment on function public.admin_settings() is
  'Super admin: the System Settings tab (role switcher e-mail, inbound e-mail domain or null for the app host, invitation lifetime in days). 403 for others.';

create function public.update_admin_settings(inbound_email_domain text, invitation_lifetime_days integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  domain text := lower(btrim(coalesce(inbound_email_domain, '')));
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  if domain <> '' and (char_length(domain) > 253 or domain !~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$') then
    raise exception 'Inbound e-mail domain must be a domain name such as mail.example.com' using errcode = '22023';
  end if;
  if invitation_lifetime_days is null or invitation_lifetime_days not between 1 and 90 then
    raise exception 'Invitation lifetime must be between 1 and 90 days' using errcode = '22023';
  end if;
  update private.settings s set value = domain where s.key = 'inbound_email_domain';
  update private.settings s set value = invitation_lifetime_days::text where s.key = 'invitation_lifetime_days';
end;
$$;
comment on function public.update_admin_settings(text, integer) is
  'Super admin: sets the inbound e-mail domain (empty = app host) and the invitation lifetime (1-90 days). 403 for others, 400 for a malformed domain or lifetime.';

-- ---------------------------------------------------------------------------
-- Used by everyone: the forwarding address on a listing, a new invitation's expiry
-- ---------------------------------------------------------------------------
create function public.inbound_email_domain()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select nullif(private.setting('inbound_email_domain'), '')
$$;
comment on function public.inbound_email_domain() is
  'Domain of listing forwarding addresses (listing-{id}@{domain}) for any signed-in user; null means the app''s own host.';

create function private.invitation_expires_at()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select now() + make_interval(days => coalesce(private.setting('invitation_lifetime_days')::integer, 7))
$$;
comment on function private.invitation_expires_at() is
  'Default expiry of a new invitation: now plus the invitation_lifetime_days setting (7 when unset).';

alter table public.invitations alter column expires_at set default private.invitation_expires_at();
comment on column public.invitations.expires_at is
  'When the invitation stops working; defaults to now plus the invitation_lifetime_days setting (System Settings).';

-- ---------------------------------------------------------------------------
-- Function privileges
-- ---------------------------------------------------------------------------
revoke execute on function
  public.admin_settings(),
  public.update_admin_settings(text, integer),
  public.inbound_email_domain(),
  private.invitation_expires_at()
from public, anon;
grant execute on function public.admin_settings(), public.update_admin_settings(text, integer), public.inbound_email_domain() to authenticated;
-- A column default runs with the inserter's rights: the API role and the invitations function's service role.
grant execute on function private.invitation_expires_at() to authenticated, service_role;
