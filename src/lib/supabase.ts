import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/lib/database.types';

/** The app's one Supabase client, typed by the generated schema so queries are checked at compile time. */
export const supabase = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY);
