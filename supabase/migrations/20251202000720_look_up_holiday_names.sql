-- ---------------------------------------------------------------------------
-- private.holiday_name(day) computed the day's whole year of federal holidays
-- (private.federal_holidays: eleven rules, nth weekdays, observed days) at
-- every call. The party-message job asks it for every candidate send day
-- (private.key_date_send_at → private.is_business_day): 35,204 calls took
-- 115 s of the party-triggers bench's first run at 10,000 contracts. It now
-- looks the day up through private.holidays_between(day, day) — the table of
-- 1900–2199 (private.federal_holiday_days), computed years outside it, then
-- custom_holidays — which names a day exactly as before (federal names, else
-- custom ones, joined with " and "). PL/pgSQL, so its plan is kept for the
-- session. Replaced whole, same signature and answers.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.holiday_name(day date)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select h.name from private.holidays_between(holiday_name.day, holiday_name.day) h);
end;
$$;

comment on function private.holiday_name(day date) is
  'Name of the legal holiday on a day (federal, observed, or a custom_holidays row), null when it is none: a lookup through private.holidays_between(day, day). Security definer: the same answer for every caller.';
