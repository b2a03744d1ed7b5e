-- ---------------------------------------------------------------------------
-- One rule for "required text". btrim() strips spaces only, so a reason of
-- tabs, newlines or no-break spaces passed every "a reason is required" check
-- (terminating a contract, returning a document, overriding the compliance
-- gate). private.trim_text() strips every kind of whitespace at both ends,
-- ASCII and Unicode (no-break, ideographic, zero-width and line/paragraph
-- separators, the byte-order mark), and gives null when nothing is left, so
-- a check reads `private.trim_text(reason) is null`. Functions that take a
-- required text call it; the functions themselves are replaced in their own
-- migrations.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.trim_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- The class is spelled out rather than [[:space:]], whose meaning depends
  -- on the database's locale (hosted and local may differ).
  select nullif(
    regexp_replace(value,
      '^[\s\u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+|[\s\u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+$',
      '', 'g'),
    '')
$$;

comment on function private.trim_text(value text) is
  'value without leading and trailing whitespace of any kind (ASCII, no-break, Unicode spaces, zero-width characters, line and paragraph separators, BOM); null when nothing is left or value is null. The check for every required text.';

revoke execute on function private.trim_text(value text) from public;

grant execute on function private.trim_text(value text) to authenticated, service_role;
