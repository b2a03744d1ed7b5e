/**
 * The roles a party may hold on a listing (issue 55), shared by the parties
 * and party-messages features: the database checks the same list
 * (private.party_roles()), message templates address recipients by them.
 */
export const PARTY_ROLES = ['seller', 'buyer', 'listing_agent', 'buyers_agent', 'lender', 'title_escrow', 'inspector', 'appraiser', 'hoa', 'attorney', 'other'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

export const PARTY_ROLE_LABELS: Record<PartyRole, string> = {
  seller: 'Seller',
  buyer: 'Buyer',
  listing_agent: 'Listing agent',
  buyers_agent: "Buyer's agent",
  lender: 'Lender / loan officer',
  title_escrow: 'Title / escrow officer',
  inspector: 'Inspector',
  appraiser: 'Appraiser',
  hoa: 'HOA',
  attorney: 'Attorney',
  other: 'Other',
};

export const isPartyRole = (value: string): value is PartyRole => (PARTY_ROLES as readonly string[]).includes(value);

/** Shorter labels where roles are listed in a sentence ("Still needed for Under contract: Buyer's agent, Title / escrow"). */
const SHORT_LABELS: Partial<Record<PartyRole, string>> = { lender: 'Lender', title_escrow: 'Title / escrow' };

/** A role's label; a role the app does not know yet (added by a migration) in words. */
export function partyRoleLabel(role: string, short = false): string {
  if (!isPartyRole(role)) return role.replaceAll('_', ' ');
  return (short && SHORT_LABELS[role]) || PARTY_ROLE_LABELS[role];
}
