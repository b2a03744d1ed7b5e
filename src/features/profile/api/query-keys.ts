/**
 * Query keys of the profile domain beyond the current user (which is
 * ['current-user'], see src/hooks/use-current-user.ts): the MLS password of
 * one account, its status and, only while its owner reveals it, the secret.
 */
export const profileKeys = {
  mlsPassword: (accountId: string) => ['profile', accountId, 'mls-password'] as const,
  /** Whether a password is stored (mls_password_is_set()); never the secret. */
  mlsPasswordStatus: (accountId: string) => ['profile', accountId, 'mls-password', 'status'] as const,
  /** The decrypted secret (get_mls_password()), fetched only while revealed. */
  mlsPasswordSecret: (accountId: string) => ['profile', accountId, 'mls-password', 'secret'] as const,
};
