/**
 * zod pieces shared by the request bodies of several endpoints. Unknown keys
 * (gotrue_meta_security, captcha tokens) are dropped, not refused, because
 * auth-js sends them on every call.
 */
import { z } from 'zod';

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Unable to validate email address: invalid format' }).max(255));

export const metadataField = z.record(z.string(), z.unknown());

/** A password as sent; strength is checked separately against config.toml's minimum. */
export const passwordField = z.string().max(1000);

export const verificationTypes = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const;
