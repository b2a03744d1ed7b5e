import { AlertTriangle, Users } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { useStatusLabel } from '@/lib/listing-status';
import { useListingParties, type ListingParty } from '@/features/parties/api/get-listing-parties';
import { useMissingPartyRoles } from '@/features/parties/api/get-missing-party-roles';
import { AddPartyDialog } from '@/features/parties/components/add-party-dialog';
import { PartyRow } from '@/features/parties/components/party-row';
import { isPartyRole, PARTY_ROLES, partyRoleLabel, type PartyRole } from '@/lib/party-roles';

/** The parties grouped by role, in the roles' order (a role the app does not know yet last). */
function groupByRole(parties: readonly ListingParty[]) {
  const order = (role: string) => (isPartyRole(role) ? PARTY_ROLES.indexOf(role) : PARTY_ROLES.length);
  const groups = new Map<string, ListingParty[]>();
  for (const party of [...parties].sort((a, b) => order(a.role) - order(b.role) || a.position - b.position)) {
    groups.set(party.role, [...(groups.get(party.role) ?? []), party]);
  }
  return [...groups];
}

/** "Still needed for Under contract: Buyer's agent, Title / escrow": the roles the listing's stage requires that nobody holds. */
function MissingRolesBanner({ listingId, status }: { listingId: string; status: string }) {
  const missing = useMissingPartyRoles(listingId, status);
  const statusLabel = useStatusLabel();
  if (!missing.data?.length) return null;
  return (
    <p role="status" data-testid="missing-party-roles" className="flex gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        Still needed for {statusLabel(status)}: {missing.data.map((role) => partyRoleLabel(role, true)).join(', ')}
      </span>
    </p>
  );
}

/**
 * The listing's Parties tab (issue 55): who is on the deal, grouped by role,
 * the roles the listing's stage still lacks, and Add party. Everyone on the
 * listing may add, edit and remove (the database's rule); live through the
 * listing screen's updates (listing_parties).
 */
export function PartiesTab({ listing }: { listing: { id: string; status: string } }) {
  const parties = useListingParties(listing.id);
  const missing = useMissingPartyRoles(listing.id, listing.status);
  const firstMissing = missing.data?.find(isPartyRole);
  const defaultRole: PartyRole = firstMissing ?? (parties.data?.length ? 'other' : 'seller');
  return (
    <section aria-labelledby="parties-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="parties-heading" className="text-lg font-semibold">
            Parties
          </h2>
          <p className="text-muted-foreground text-sm">The people on this deal and how to reach them.</p>
        </div>
        <AddPartyDialog listingId={listing.id} defaultRole={defaultRole} />
      </div>
      <MissingRolesBanner listingId={listing.id} status={listing.status} />
      {parties.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : parties.isError ? (
        <p className="text-destructive text-sm">Could not load the parties: {parties.error.message}</p>
      ) : parties.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center">
          <Users aria-hidden className="text-muted-foreground size-8" />
          <p className="text-muted-foreground text-sm">Nobody on this deal yet. Add the seller, the buyer and the others as they come.</p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {groupByRole(parties.data).map(([role, members]) => (
            <section key={role} aria-label={partyRoleLabel(role)} data-testid="party-role-group" className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">{partyRoleLabel(role)}</h3>
              <ul className="flex flex-col gap-2">
                {members.map((party) => (
                  <PartyRow key={party.id} party={party} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
