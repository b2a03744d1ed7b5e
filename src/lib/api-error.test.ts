import { describe, expect, it } from 'vitest';
import { ApiError, throwIfError } from '@/lib/api-error';

/** What supabase-js returns for a refused RPC: PostgREST's JSON error body and the HTTP status. */
function refusal(status: number, statusText: string, code: string, message: string) {
  return { data: null, error: { name: 'PostgrestError', message, details: null, hint: null, code }, count: null, status, statusText };
}

describe('database refusals reach the user with their status and message', () => {
  it.each([
    [404, 'Not Found', 'PT404', 'invitation not found'],
    [403, 'Forbidden', '42501', "only the listing's coordinator changes its status"],
    [400, 'Bad Request', '22023', 'status must be incomplete, ready, live or under_contract'],
    [409, 'Conflict', 'PT409', 'only a responded, open task can be resent'],
  ])('throwIfError keeps HTTP %i and the database message', (status, statusText, code, message) => {
    let thrown: unknown;
    try {
      throwIfError(refusal(status, statusText, code, message));
    } catch (error) {
      thrown = error;
    }
    expect(thrown, 'a refused call throws an ApiError').toBeInstanceOf(ApiError);
    const error = thrown as ApiError;
    expect(error.status, 'the HTTP status of the refusal is kept').toBe(status);
    expect(error.code, 'the SQLSTATE is kept as the code').toBe(code);
    expect(error.message, "the message is the spec's '{status}: {body}' with the database's own text").toBe(`${status}: ${message}`);
  });
});
