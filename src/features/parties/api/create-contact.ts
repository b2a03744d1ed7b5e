import { z } from 'zod';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { contactInputSchema, type ContactFormValues } from '@/features/parties/api/contact-input';
import { CONTACT_COLUMNS } from '@/features/parties/api/get-listing-parties';

/**
 * Adds a contact to the caller's contact book (the database derives the
 * book). The same e-mail or phone in the book is refused with 409 and the
 * existing contact's id as the hint: see duplicateContactId.
 */
export async function createContact(values: ContactFormValues) {
  const contact = contactInputSchema.parse(values);
  return throwIfError(await supabase.from('contacts').insert(contact).select(CONTACT_COLUMNS).single());
}

/** The id of the contact a 409 says already has this e-mail or phone (the database puts it in the hint), else null. */
export function duplicateContactId(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const hint = (error.cause as { hint?: unknown } | undefined)?.hint;
  const parsed = z.uuid().safeParse(hint);
  return parsed.success ? parsed.data : null;
}

/** One contact by id (a duplicate's, to offer it instead). */
export async function getContact(id: string) {
  return throwIfError(await supabase.from('contacts').select(CONTACT_COLUMNS).eq('id', z.uuid().parse(id)).single());
}
