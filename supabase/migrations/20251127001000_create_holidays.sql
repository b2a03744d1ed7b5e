-- ---------------------------------------------------------------------------
-- Holidays: the legal holidays contract deadlines skip or roll over. The US
-- federal holidays are computed for any year (no list of years to keep up);
-- a super admin adds state or brokerage holidays as rows.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.custom_holidays (
  id uuid primary key default gen_random_uuid(),
  day date not null,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  -- The super admin who added it; set by the database.
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint custom_holidays_day_name_key unique (day, name)
);

comment on table public.custom_holidays is
  'State or brokerage holidays added by a super admin. Legal holidays for contract deadlines together with private.federal_holidays(year).';

comment on column public.custom_holidays.id is 'Holiday id.';

comment on column public.custom_holidays.day is 'The day that is not a business day.';

comment on column public.custom_holidays.name is 'Name shown in deadline explanations, e.g. "Cesar Chavez Day" (1 to 100 characters).';

comment on column public.custom_holidays.created_by is 'The super admin who added it (set by the database); null once that account is deleted.';

comment on column public.custom_holidays.created_at is 'When it was added. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.custom_holidays enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- The n-th given weekday (isodow 1 = Monday) of a month; n = -1 for the last.
create function private.nth_weekday(year integer, month integer, isodow integer, n integer)
returns date
language sql
immutable
set search_path = ''
as $$
  select case
    when n > 0 then
      make_date(year, month, 1)
        + ((isodow - extract(isodow from make_date(year, month, 1))::integer + 7) % 7)
        + 7 * (n - 1)
    else
      (make_date(year, month, 1) + interval '1 month')::date - 1
        - ((extract(isodow from (make_date(year, month, 1) + interval '1 month')::date - 1)::integer - isodow + 7) % 7)
  end
$$;

comment on function private.nth_weekday(year integer, month integer, isodow integer, n integer) is
  'The n-th weekday (ISO: 1 = Monday … 7 = Sunday) of a month; n = -1 gives the last one. For the floating federal holidays.';

revoke execute on function private.nth_weekday(year integer, month integer, isodow integer, n integer) from public;

grant execute on function private.nth_weekday(year integer, month integer, isodow integer, n integer) to authenticated, service_role;

-- The federal holidays of 5 U.S.C. 6103, and the observed days of Executive
-- Order 11582: a fixed-date holiday on a Saturday is also observed the Friday
-- before, on a Sunday the Monday after. Juneteenth is a federal holiday from
-- 2021 on. The days returned are those falling in the year asked for, so the
-- Friday 31 December that observes a Saturday New Year's Day belongs to the
-- year before it.
create function private.federal_holidays(year integer)
returns table (day date, name text)
language sql
immutable
set search_path = ''
as $$
  with fixed (day, name) as (
    select d.day, d.name
    from (values
      (make_date(year, 1, 1), 'New Year''s Day'),
      (make_date(year, 6, 19), 'Juneteenth'),
      (make_date(year, 7, 4), 'Independence Day'),
      (make_date(year, 11, 11), 'Veterans Day'),
      (make_date(year, 12, 25), 'Christmas'),
      -- Next year's New Year's Day, for the observed Friday of this year.
      (make_date(year + 1, 1, 1), 'New Year''s Day')
    ) as d (day, name)
    where d.name <> 'Juneteenth' or year >= 2021
  ),
  observed (day, name) as (
    select case extract(isodow from f.day)::integer when 6 then f.day - 1 when 7 then f.day + 1 end,
           f.name || ' (observed)'
    from fixed f
    where extract(isodow from f.day)::integer in (6, 7)
  ),
  floating (day, name) as (
    values
      (private.nth_weekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'),
      (private.nth_weekday(year, 2, 1, 3), 'Washington''s Birthday'),
      (private.nth_weekday(year, 5, 1, -1), 'Memorial Day'),
      (private.nth_weekday(year, 9, 1, 1), 'Labor Day'),
      (private.nth_weekday(year, 10, 1, 2), 'Columbus Day'),
      (private.nth_weekday(year, 11, 4, 4), 'Thanksgiving')
  )
  select h.day, h.name
  from (select * from fixed union all select * from observed union all select * from floating) h
  where extract(year from h.day)::integer = year
  order by h.day, h.name
$$;

comment on function private.federal_holidays(year integer) is
  'The US federal holidays whose day falls in the given year (any year): the 11 holidays (Juneteenth from 2021) and, for a fixed-date one on a Saturday or Sunday, its observed Friday before or Monday after, named "<holiday> (observed)"; the holiday''s own date stays a holiday too. A Saturday New Year''s Day is observed on 31 December of the year before.';

revoke execute on function private.federal_holidays(year integer) from public;

grant execute on function private.federal_holidays(year integer) to authenticated, service_role;

create function private.holiday_name(day date)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select string_agg(f.name, ' and ' order by f.name)
     from private.federal_holidays(extract(year from holiday_name.day)::integer) f
     where f.day = holiday_name.day),
    (select string_agg(c.name, ' and ' order by c.name)
     from public.custom_holidays c
     where c.day = holiday_name.day)
  )
$$;

comment on function private.holiday_name(day date) is
  'Name of the legal holiday on a day (federal, observed, or a custom_holidays row), null when it is none. Security definer: the same answer for every caller.';

revoke execute on function private.holiday_name(day date) from public;

grant execute on function private.holiday_name(day date) to authenticated, service_role;

create function private.is_business_day(day date)
returns boolean
language sql
stable
set search_path = ''
as $$
  select extract(isodow from day)::integer < 6 and private.holiday_name(day) is null
$$;

comment on function private.is_business_day(day date) is
  'True when a day is neither a Saturday, a Sunday nor a legal holiday (private.holiday_name).';

revoke execute on function private.is_business_day(day date) from public;

grant execute on function private.is_business_day(day date) to authenticated, service_role;

create function private.check_holiday_writer()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if private.is_super_admin() then
    return true;
  end if;
  raise exception 'only a super admin can add holidays' using errcode = '42501';
end;
$$;

comment on function private.check_holiday_writer() is
  'Insert check of custom_holidays: true for a super admin, else 42501 (403) with a readable message rather than a bare row-level security refusal.';

revoke execute on function private.check_holiday_writer() from public;

grant execute on function private.check_holiday_writer() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Signed-in users can read custom holidays"
on public.custom_holidays for select to authenticated
using (true);

create policy "Super admins can add custom holidays"
on public.custom_holidays for insert to authenticated
with check ((select private.check_holiday_writer()));

create policy "Super admins can edit custom holidays"
on public.custom_holidays for update to authenticated
using ((select private.is_super_admin()))
with check ((select private.is_super_admin()));

create policy "Super admins can delete custom holidays"
on public.custom_holidays for delete to authenticated
using ((select private.is_super_admin()));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.custom_holidays from anon, authenticated;

grant select, insert, delete on public.custom_holidays to authenticated;

grant update (day, name) on public.custom_holidays to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger custom_holidays_set_timestamps before insert or update on public.custom_holidays
  for each row execute function private.set_timestamps('created_only');

create trigger custom_holidays_set_owner before insert on public.custom_holidays
  for each row execute function private.set_owner('created_by');

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index custom_holidays_created_by_idx on public.custom_holidays (created_by);
