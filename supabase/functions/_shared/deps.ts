/**
 * Third-party modules of the Edge Functions, pinned in one place.
 *
 * Full `npm:` specifiers (not bare names mapped in deno.json) because hosted
 * Supabase only honours a function's own deno.json or import_map.json when
 * deploying; these specifiers resolve the same way locally, in `deno check`
 * and on the platform. ../deno.json only carries local tooling settings.
 *
 * Run from the repository root, `deno check` resolves npm: specifiers from the
 * root node_modules (Deno sees package.json there), so a package also used by
 * the Node side is pinned to the same version as in package.json.
 */
export { createClient } from 'npm:@supabase/supabase-js@2.109.0';
export type { SupabaseClient, User } from 'npm:@supabase/supabase-js@2.109.0';
export { z } from 'npm:zod@4.6.7';
// pg ships no types; @types/pg is pinned to match it.
// @ts-types="npm:@types/pg@8.23.1"
export { default as pg } from 'npm:pg@8.23.1';
// The official OpenAI SDK, pointed at any OpenAI-compatible server through OPENAI_BASE_URL.
export { default as OpenAI } from 'npm:openai@7.57.0';
// MIME parsing of received mail (inbound-email): maintained, dependency-free, runs in Deno.
export { default as PostalMime } from 'npm:postal-mime@4.0.0';
export type { Email as ParsedEmail, Address as MailAddress, Attachment as MailAttachment } from 'npm:postal-mime@4.0.0';
// SMTP for the functions' own mail (the daily deadline digest); runs on Deno's Node compatibility.
export { default as nodemailer } from 'npm:nodemailer@10.6.0';
// Finding dates in contract text ("March 3rd, 2027", "03/03/2027"): injected into the contract reader (ReaderEngines).
export * as chrono from 'npm:chrono-node@2.10.3';
