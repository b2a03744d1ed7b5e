-- Signed-in requests planned generically (the baseline's
-- `alter role authenticated set plan_cache_mode = 'force_generic_plan'`,
-- variant A) against Postgres's default (`auto`, variant B): whether the
-- setting still pays now that the caller is looked up per statement. PostgREST
-- applies a role's settings to each request it runs as that role and reads
-- them again when it reloads its schema cache; bench_variant() tells when the
-- switch is in effect.
--
--   npm run bench -- scale --variants bench/scale/variants/plan-cache-mode.sql

-- setup
create function public.bench_variant() returns text language sql stable as $$ select current_setting('plan_cache_mode') $$;
grant execute on function public.bench_variant() to authenticated;

-- variant force_generic_plan
alter role authenticated set plan_cache_mode = 'force_generic_plan';
notify pgrst, 'reload schema';

-- variant auto
alter role authenticated reset plan_cache_mode;
notify pgrst, 'reload schema';
