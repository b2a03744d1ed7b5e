import type { ApiError } from '@/lib/api-error';

/**
 * Where a database refusal of a message's text belongs: "unknown merge field
 * {{foo}}" (400) next to the subject when that field is in the subject only,
 * else next to the body; any other 400 above the form. null: not a 400.
 */
export function placeRefusal(error: ApiError, subject: string): { field: 'subject' | 'body' | 'form'; message: string } | null {
  if (error.status !== 400) return null;
  const message = error.message.replace(/^400: /, '');
  const field = /\{\{\s*([^}]*?)\s*\}\}/.exec(message);
  if (!/merge field/i.test(message) || !field) return { field: 'form', message };
  const inSubject = new RegExp(`\\{\\{\\s*${field[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\}\\}`).test(subject);
  return { field: inSubject ? 'subject' : 'body', message };
}
