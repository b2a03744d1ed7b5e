-- ---------------------------------------------------------------------------
-- A message sent N calendar days AFTER a key date whose day falls on a weekend
-- or legal holiday moved to the business day BEFORE it, which can be the key
-- date itself or earlier: "1 day after closing" on Christmas went out on
-- closing day. The day now moves away from the key date: before it (offset
-- ≤ 0) to the business day before, after it (offset > 0) to the business day
-- after. private.key_date_send_at is replaced whole with the same signature.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.key_date_send_at(due_at timestamptz, time_zone text, offset_days integer, offset_unit text,
  send_time time, weekends boolean)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  day date := (due_at at time zone time_zone)::date;
begin
  if due_at is null then
    return null;
  end if;
  if offset_unit = 'business' then
    day := private.add_business_days(day, offset_days);
  else
    day := day + offset_days;
    if not coalesce(weekends, false) and not private.is_business_day(day) then
      -- Away from the key date: a reminder before it never comes later, a
      -- follow-up after it never comes on or before it.
      day := private.add_business_days(day, case when offset_days > 0 then 1 else -1 end);
    end if;
  end if;
  return (day + coalesce(send_time, time '09:00')) at time zone time_zone;
end;
$$;

comment on function private.key_date_send_at(due_at timestamptz, time_zone text, offset_days integer, offset_unit text, send_time time, weekends boolean) is
  'The send moment of a key-date trigger: the key date''s local day ± offset_days (calendar, or business days skipping weekends and legal holidays) at send_time in the contract''s zone; a calendar day on a weekend or holiday moves away from the key date unless weekends: to the business day before for a day before or on it (offset ≤ 0), to the business day after for a day after it.';
