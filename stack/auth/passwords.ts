/**
 * Passwords are bcrypt hashes in auth.users.encrypted_password, as GoTrue
 * stores them; seeds that use pgcrypto's `crypt(pw, gen_salt('bf'))` ($2a$)
 * verify the same way.
 */
import bcrypt from 'bcryptjs';
import { unprocessable } from './errors.ts';

/** GoTrue's cost. */
const BCRYPT_COST = 10;

/** A valid hash to compare against when the user does not exist, so timing does not reveal which e-mails are registered. */
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[abxy]\$/.test(hash)) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}

/** Refuses passwords shorter than `minimum_password_length` with GoTrue's weak_password error. */
export function assertStrongPassword(password: string, minimumLength: number): void {
  if ([...password].length < minimumLength) {
    throw unprocessable('weak_password', `Password should be at least ${minimumLength} characters.`, {
      weak_password: { reasons: ['length'], message: `Password should be at least ${minimumLength} characters.` },
    });
  }
  // bcrypt ignores everything past 72 bytes; GoTrue refuses such passwords rather than silently truncate.
  if (Buffer.byteLength(password) > 72) throw unprocessable('validation_failed', 'Password cannot be longer than 72 characters');
}
