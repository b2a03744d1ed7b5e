-- ---------------------------------------------------------------------------
-- Listing statuses as data (issue 52): one row per status, in the order of a
-- listing's life, with its label and whether it is a compliance stage (moving
-- forward to it needs the approved documents of every stage up to it). A new
-- status is a row here, not a migration rewriting functions. The next
-- migrations make listings.status and the checklist's required_for reference
-- it and read labels and order from it.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.listing_statuses (
  key text primary key check (key ~ '^[a-z][a-z_]{0,39}$'),
  label text not null unique check (char_length(label) between 1 and 50),
  position integer not null unique,
  is_stage boolean not null default false
);

comment on table public.listing_statuses is
  'The statuses a listing can have, in the order of its life (position). Read by everyone signed in (labels for the app, the order for the compliance gate); written only by migrations.';

comment on column public.listing_statuses.key is 'The value stored in listings.status (incomplete, ready, live, under_contract, closed).';

comment on column public.listing_statuses.label is 'What the app shows (Under Contract for under_contract).';

comment on column public.listing_statuses.position is 'Order in a listing''s life: a move to a higher position is forward (gated when the target is a stage), to a lower one back (never gated).';

comment on column public.listing_statuses.is_stage is 'True when the status is a compliance stage: checklist requirements name it as required_for, and moving forward to it needs the approved documents of every stage up to it.';

insert into public.listing_statuses (key, label, position, is_stage) values
  ('incomplete', 'Incomplete', 10, false),
  ('ready', 'Ready', 20, false),
  ('live', 'Live', 30, true),
  ('under_contract', 'Under Contract', 40, true),
  ('closed', 'Closed', 50, true);

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.listing_statuses enable row level security;

create policy "Anyone signed in can read listing statuses"
on public.listing_statuses for select to authenticated
using (true);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.listing_statuses from anon, authenticated;

grant select on public.listing_statuses to authenticated;
