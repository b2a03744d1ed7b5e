/**
 * Whose rows a call reads: the caller's acting account and team, named as
 * filters so the database reads one scope's rows on its index instead of
 * every row through RLS (which still decides what may be read).
 */
import { actingAccount, isSuperAdmin, type ActingAccount } from '../_shared/account.ts';
import { HttpError } from '../_shared/http.ts';
import type { Caller } from './session.ts';

/** The caller's acting account (one RPC); 403 for a sign-in without one. */
export async function callerAccount(caller: Caller): Promise<ActingAccount> {
  const account = await actingAccount(caller.db);
  if (!account) throw new HttpError(403, 'forbidden', 'This sign-in has no account yet');
  return account;
}

/** The account's own team: a coordinator's id, an agent's coordinator, null without one. */
function ownTeam(account: ActingAccount): string | null {
  return account.role === 'tc' ? account.id : account.assigned_tc_id;
}

/**
 * The team a team-wide list reads when the call names none: the account's
 * own, 'all' for a super admin, null for an agent without a team. Named as a
 * filter so the database reads one team's rows on its index instead of every
 * team's through RLS.
 */
export function teamInScope(account: ActingAccount): string | 'all' | null {
  if (isSuperAdmin(account)) return 'all';
  return ownTeam(account);
}

/** The caller's team as the app derives it: a coordinator's own id, an agent's coordinator (403 without one). */
export async function callerTeam(caller: Caller): Promise<string> {
  const team = ownTeam(await callerAccount(caller));
  if (!team) throw new HttpError(403, 'forbidden', 'You are not on a team: team files need a coordinator (a super admin names the team with teamId)');
  return team;
}
