/**
 * GoTrue's error shape. auth-js reads a string `code` only when the response
 * carries `X-Supabase-Api-Version: 2024-01-01` (every auth response does),
 * and falls back to `error_code` otherwise, so both are sent; `msg` is what
 * users see. Statuses stay 4xx for anything the caller got wrong, since
 * auth-js treats 5xx as "retry and keep the session".
 */
import { z } from 'zod';

export const API_VERSION_HEADER = { 'X-Supabase-Api-Version': '2024-01-01' } as const;

export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, error_code: this.code, msg: this.message, ...this.extra };
  }
}

export const badRequest = (code: string, msg: string, extra?: Record<string, unknown>) => new AuthApiError(400, code, msg, extra);
export const unprocessable = (code: string, msg: string, extra?: Record<string, unknown>) => new AuthApiError(422, code, msg, extra);
export const forbidden = (code: string, msg: string) => new AuthApiError(403, code, msg);
export const unauthorized = (code: string, msg: string) => new AuthApiError(401, code, msg);
export const notFound = (code: string, msg: string) => new AuthApiError(404, code, msg);

export const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');
export const userNotFound = () => notFound('user_not_found', 'User not found');
export const otpExpired = () => forbidden('otp_expired', 'Email link is invalid or has expired');
export const tooManyRequests = () => new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached');

/** Validates a request body (or query) with zod; failures are GoTrue's 400 validation_failed. */
export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw badRequest('validation_failed', `${where}${issue?.message ?? 'invalid request'}`);
}
