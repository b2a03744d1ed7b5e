/**
 * Where e-mail links and /authorize may send people back to. As in GoTrue, a
 * redirect_to that is not the site URL or an allowed redirect URL is silently
 * replaced by the site URL, so a link can never be turned into an open
 * redirect to someone else's site.
 */
import type { AuthRequest } from './context.ts';

function allowedPatterns(r: AuthRequest): string[] {
  const { config } = r.ctx;
  return [config.siteUrl, r.settings.siteUrl, ...config.additionalRedirectUrls, ...r.settings.additionalRedirectUrls].filter((u): u is string => !!u);
}

/** Glob patterns as GoTrue's allow list takes them: `*` stays within a path segment or host label, `**` matches anything. */
function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/.]*').replace(/\u0000/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/** Prefix match on a URL boundary, so `http://localhost:5173` does not admit `http://localhost:5173.evil.test`. */
function matchesPrefix(candidate: string, allowed: string): boolean {
  if (!candidate.startsWith(allowed)) return false;
  if (allowed.endsWith('/') || candidate.length === allowed.length) return true;
  return ['/', '?', '#'].includes(candidate[allowed.length]!);
}

export function isAllowedRedirect(r: AuthRequest, candidate: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return false;
  }
  // Script URLs never redirect anywhere, whatever the allow list says.
  if (['javascript:', 'data:', 'vbscript:'].includes(parsed.protocol)) return false;
  return allowedPatterns(r).some((allowed) => (allowed.includes('*') ? globToRegExp(allowed).test(candidate) : matchesPrefix(candidate, allowed)));
}

/** The stack's own site URL wins over config.toml's: test and e2e stacks serve the app on other ports. */
export const siteUrl = (r: AuthRequest) => r.ctx.config.siteUrl;

/** The redirect_to a request asked for (query first, as auth-js sends it), if allowed; otherwise the site URL. */
export function resolveRedirect(r: AuthRequest, requested?: string | null): string {
  const candidate = requested ?? r.url.searchParams.get('redirect_to');
  return candidate && isAllowedRedirect(r, candidate) ? candidate : siteUrl(r);
}

/** Appends a fragment (implicit flow, errors) or query parameters (PKCE code) to a redirect target. */
export function withFragment(target: string, params: Record<string, string>): string {
  const base = target.split('#')[0]!;
  return `${base}#${new URLSearchParams(params).toString()}`;
}

export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}
