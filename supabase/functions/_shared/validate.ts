/**
 * Request body validation with zod: a bad body is the caller's mistake, so it
 * becomes a 400 listing the problems instead of a crash deeper in the function.
 */
import { z } from './deps.ts';
import { HttpError } from './http.ts';

export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body must be JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    // The message names the fields, so a caller showing it as is tells the user what to fix.
    const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    throw new HttpError(400, 'invalid_body', `The request body is not valid (${summary})`, issues);
  }
  return result.data;
}
