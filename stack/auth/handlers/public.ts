/**
 * Endpoints served without an API key on hosted Supabase: /health,
 * /settings, the OAuth entry points (/authorize, /callback) and the JWKS.
 * No OAuth provider is configured locally, so /authorize sends the browser
 * back with `#error=…`, which auth-js and auth-ui show instead of hanging.
 */
import { json, redirect, type AuthRequest, type Reply } from '../context.ts';
import { resolveRedirect, siteUrl, withFragment } from '../redirects.ts';

/** Providers /settings reports (all off but e-mail), as GoTrue lists them. */
const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'phone',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
];

export async function health(): Promise<Reply> {
  return json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
}

export async function settings(r: AuthRequest): Promise<Reply> {
  return json({
    external: { ...Object.fromEntries(EXTERNAL_PROVIDERS.map((p) => [p, false])), email: true },
    disable_signup: !r.settings.enableSignup,
    mailer_autoconfirm: !r.settings.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

export async function authorize(r: AuthRequest): Promise<Reply> {
  const provider = r.url.searchParams.get('provider') ?? '';
  const description = provider ? 'Unsupported provider: provider is not enabled' : 'Missing provider';
  return redirect(withFragment(resolveRedirect(r), { error: 'invalid_request', error_code: 'validation_failed', error_description: description }));
}

export async function callback(r: AuthRequest): Promise<Reply> {
  return redirect(withFragment(siteUrl(r), { error: 'invalid_request', error_code: 'provider_disabled', error_description: 'OAuth providers are not enabled in the local stack' }));
}

/** HS256 tokens have no public key to publish; an empty set tells clients to ask /user instead. */
export async function jwks(): Promise<Reply> {
  return json({ keys: [] });
}
