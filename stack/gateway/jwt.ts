/**
 * JWT verification for the gateway's services: HS256 only, signed with the
 * stack's secret. `alg: none` and other algorithms are refused by jose's
 * algorithm allow-list.
 */
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

export interface SupabaseClaims extends JWTPayload {
  role?: string;
  email?: string;
  phone?: string;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  aal?: string;
  amr?: { method: string; timestamp: number }[];
  is_anonymous?: boolean;
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

export async function verifyJwt(token: string, secret: string): Promise<SupabaseClaims> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return payload as SupabaseClaims;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') throw new JwtError('token is expired', true);
    throw new JwtError('invalid JWT: unable to parse or verify signature');
  }
}

export async function signJwt(claims: SupabaseClaims, secret: string, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}
