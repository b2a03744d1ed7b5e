import { z } from 'zod';
import { PREFERRED_CHANNELS } from '@/features/parties/lib/channels';

/** An optional text field: trimmed, and empty means none. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => (value === '' ? null : value));

/** The database's own loose check (public.contacts): something@something.something. */
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** A contact's fields as the forms send them; the database checks the same limits. */
export const contactInputSchema = z.object({
  name: z.string().trim().min(1, 'A contact needs a name').max(200, 'A name is at most 200 characters'),
  display_name: optionalText(200, 'A display name is at most 200 characters'),
  company: optionalText(200, 'A company is at most 200 characters'),
  email: optionalText(255, 'An e-mail is at most 255 characters').refine((value) => value === null || EMAIL_PATTERN.test(value), 'This is not an e-mail address'),
  phone: optionalText(50, 'A phone number is at most 50 characters'),
  preferred_channel: z.enum(PREFERRED_CHANNELS),
});
export type ContactInput = z.infer<typeof contactInputSchema>;
/** What the contact fields hold while being typed. */
export type ContactFormValues = z.input<typeof contactInputSchema>;

export const emptyContactValues = (): ContactFormValues => ({ name: '', display_name: '', company: '', email: '', phone: '', preferred_channel: 'email' });

/** The first message per field of a failed parse, for showing next to each field. */
export function contactFieldErrors(error: z.ZodError): Partial<Record<keyof ContactFormValues, string>> {
  const errors: Partial<Record<keyof ContactFormValues, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof ContactFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}
