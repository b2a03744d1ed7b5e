-- Invitations. The catalogue lists two entities (user_invitations with
-- is_used/expires_at, invitations with used/first_name/last_name); they describe
-- the same fact -- "this e-mail may join with this role" -- seen from the admin
-- screen and from onboarding. Two tables would let them disagree (used in one,
-- pending in the other), so one table carries the union of their fields and
-- serves both screens. used/used_at replace is_used; expires_at is required and
-- defaults to 7 days, long enough to span a weekend and short enough that a
-- forwarded link goes stale.

-- ---------------------------------------------------------------------------
-- Table
-- ---------------------------------------------------------------------------
create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 255 and email like '%@%'),
  role text not null check (role in ('tc', 'agent')),
  invited_by uuid references public.users (id) on delete set null,
  used boolean not null default false,
  used_at timestamptz,
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  expires_at timestamptz not null default (now() + interval '7 days'),
  created_at timestamptz not null default now(),
  constraint invitations_used_at_check check (used = (used_at is not null))
);
comment on table public.invitations is
  'Invitations to join with a role (tc or agent); one table for the admin screen and onboarding (the catalogue''s user_invitations and invitations). Pending until used; expires after 7 days by default.';

create index invitations_invited_by_idx on public.invitations (invited_by);
create index invitations_email_idx on public.invitations (lower(email));
create index invitations_created_at_idx on public.invitations (created_at desc);

create trigger invitations_set_timestamps before insert or update on public.invitations
  for each row execute function private.set_timestamps('created_only');

-- ---------------------------------------------------------------------------
-- Row-level security: the admin screen only. Onboarding reads through
-- public.get_invitation() and completes through public.complete_onboarding().
-- ---------------------------------------------------------------------------
alter table public.invitations enable row level security;

create policy "Super admins can read invitations"
on public.invitations for select to authenticated
using ((select private.is_super_admin()));

create policy "Super admins can create invitations in their name"
on public.invitations for insert to authenticated
with check ((select private.is_super_admin()) and invited_by = (select private.current_account_id()) and not used);

create policy "Super admins can update invitations"
on public.invitations for update to authenticated
using ((select private.is_super_admin()))
with check ((select private.is_super_admin()));

create policy "Super admins can delete invitations"
on public.invitations for delete to authenticated
using ((select private.is_super_admin()));

revoke all on public.invitations from anon, authenticated;
grant select, insert, update, delete on public.invitations to authenticated;

-- ---------------------------------------------------------------------------
-- Onboarding lookup, open to anon: reveals only what the onboarding screen
-- shows (e-mail, role, names, used, expired) for a known id -- an unguessable uuid.
-- ---------------------------------------------------------------------------
create function public.get_invitation(invitation_id uuid)
returns table (id uuid, email text, role text, first_name text, last_name text, used boolean, expired boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.email, i.role, i.first_name, i.last_name, i.used, i.expires_at < now()
  from public.invitations i
  where i.id = invitation_id
$$;
comment on function public.get_invitation(uuid) is
  'Onboarding screen lookup by invitation id, callable by anon; returns no row for an unknown id.';
revoke execute on function public.get_invitation(uuid) from public;
grant execute on function public.get_invitation(uuid) to anon, authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  public.get_invitation(uuid)
from public, anon;
grant execute on function public.get_invitation(uuid) to anon;
