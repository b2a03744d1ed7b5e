import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { listingPartiesQueryOptions } from '@/features/parties/api/get-listing-parties';
import { PartyProposalsCard } from '@/features/parties/components/party-proposals-card';
import { proposePartiesFromContract, type ContractPartyFacts, type PartyProposal } from '@/features/parties/lib/proposals';

/**
 * After a contract is saved (the form or the intake review), `propose(facts)`
 * asks "Add these people to the deal?" for the people it names who are not on
 * the listing yet; `card` is the question, placed by the screen. Nothing
 * shows when the contract names nobody new.
 */
export function useContractPartyProposals(listingId: string): { propose: (facts: ContractPartyFacts) => void; card: ReactNode } {
  const queryClient = useQueryClient();
  const [proposals, setProposals] = useState<PartyProposal[] | null>(null);
  const propose = (facts: ContractPartyFacts) => {
    void queryClient.fetchQuery(listingPartiesQueryOptions(listingId)).then(
      (parties) => {
        const next = proposePartiesFromContract(facts, parties);
        if (next.length > 0) setProposals(next);
      },
      // The parties could not be read: propose everyone, the database refuses a duplicate role with a message.
      () => {
        const next = proposePartiesFromContract(facts, []);
        if (next.length > 0) setProposals(next);
      },
    );
  };
  const card = proposals && <PartyProposalsCard key={proposals.map((p) => p.key).join()} listingId={listingId} proposals={proposals} onClose={() => setProposals(null)} />;
  return { propose, card };
}
