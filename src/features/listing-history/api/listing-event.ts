// The row's shape on its own, without the client: unit tests import it in Node, where the
// Supabase client's Vite environment does not exist.
import { z } from 'zod';

/**
 * One row of public.listing_events as the history reads it. The actor is
 * embedded when the reader may see that account (their team, themselves; a
 * super admin's account is hidden from agents): null then, with actor_id set.
 */
export const listingEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  from_value: z.string().nullable(),
  to_value: z.string().nullable(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }).nullable(),
});

export type ListingEvent = z.infer<typeof listingEventSchema>;
