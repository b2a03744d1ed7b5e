-- Admin console lists for the `/api` surface (GET /api/admin/users,
-- /api/admin/listings, /api/admin/invitations): super admins only, so another
-- caller gets 403 'Super admin access required' instead of the rows RLS would
-- show them (a coordinator reads their team), searched like the admin console
-- (every word in one of the shown columns, case-insensitive) and paged inside
-- the function, so a page never reads more than its rows (a set-returning
-- plpgsql function materialises its whole result before PostgREST could page).
-- Security invoker: RLS still applies (a super admin reads every row).

-- ---------------------------------------------------------------------------
-- Helper
-- ---------------------------------------------------------------------------
create function private.has_every_word(search text, haystack text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(strpos(lower(coalesce(haystack, '')), lower(w)) > 0), true)
  from regexp_split_to_table(btrim(coalesce(search, '')), '\s+') w
  where w <> ''
$$;
comment on function private.has_every_word(text, text) is
  'True when every whitespace-separated word of search occurs in haystack (case-insensitive, literally: no wildcards); true for a blank search. Not indexable: for small tables or already-narrowed rows.';

create function private.require_admin_page(search text, page_limit integer, page_offset integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  if char_length(coalesce(search, '')) > 200 then
    raise exception 'Search is too long (200 characters at most)' using errcode = '22023';
  end if;
  if page_limit not between 1 and 500 or page_offset < 0 then
    raise exception 'page_limit must be 1 to 500 and page_offset 0 or more' using errcode = '22023';
  end if;
end;
$$;
comment on function private.require_admin_page(text, integer, integer) is
  'Gate of the admin list functions: 403 unless the caller is a super admin, 400 for a search over 200 characters or a page outside 1-500 rows.';

-- ---------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------
create function public.admin_users(search text default '', page_limit integer default 100, page_offset integer default 0)
returns setof public.users
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin_page(search, page_limit, page_offset);
  return query
  select u.* from public.users u
  where private.has_every_word(search, concat_ws(' ', u.first_name, u.last_name, u.email))
  order by u.created_at desc, u.id
  limit page_limit offset page_offset;
end;
$$;
comment on function public.admin_users(text, integer, integer) is
  'Super admin: one page of accounts, newest first, whose first name, last name or e-mail contain every word of search. 403 for others. Scans accounts (thousands) for a search.';

create function public.admin_invitations(search text default '', page_limit integer default 100, page_offset integer default 0)
returns setof public.invitations
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin_page(search, page_limit, page_offset);
  return query
  select i.* from public.invitations i
  where private.has_every_word(search, i.email)
  order by i.created_at desc, i.id
  limit page_limit offset page_offset;
end;
$$;
comment on function public.admin_invitations(text, integer, integer) is
  'Super admin: one page of invitations, newest first, whose e-mail contains every word of search. 403 for others.';

create function public.admin_listings(search text default '', page_limit integer default 100, page_offset integer default 0)
returns setof public.listings
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin_page(search, page_limit, page_offset);
  if btrim(coalesce(search, '')) = '' then
    return query
    select l.* from public.listings l order by l.created_at desc, l.id limit page_limit offset page_offset;
  else
    -- admin_search_listings() matches with the trigram indexes (RLS would force a scan).
    return query
    select l.* from public.admin_search_listings(search) l order by l.created_at desc, l.id limit page_limit offset page_offset;
  end if;
end;
$$;
comment on function public.admin_listings(text, integer, integer) is
  'Super admin: one page of listings, newest first; with a search, those whose address or seller name contain every word (through admin_search_listings()). 403 for others.';

-- ---------------------------------------------------------------------------
-- Function privileges
-- ---------------------------------------------------------------------------
revoke execute on function private.has_every_word(text, text), private.require_admin_page(text, integer, integer) from public, anon;
grant execute on function private.has_every_word(text, text), private.require_admin_page(text, integer, integer) to authenticated;
revoke execute on function public.admin_users(text, integer, integer), public.admin_invitations(text, integer, integer), public.admin_listings(text, integer, integer) from public, anon;
grant execute on function public.admin_users(text, integer, integer), public.admin_invitations(text, integer, integer), public.admin_listings(text, integer, integer) to authenticated;
