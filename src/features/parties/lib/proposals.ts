import type { ContactFormValues } from '@/features/parties/api/contact-input';
import type { PartyRole } from '@/lib/party-roles';

/** The contract facts that name people (contracts' columns; the form's values and the intake's columns both have them). */
export type ContractPartyFacts = Partial<Record<'buyer_names' | 'buyer_agent_name' | 'buyer_agent_email' | 'buyer_agent_phone' | 'title_company' | 'lender', unknown>>;

export interface PartyProposal {
  key: string;
  role: PartyRole;
  values: ContactFormValues;
  checked: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const contact = (name: string, more: Partial<ContactFormValues> = {}): ContactFormValues => ({
  name,
  display_name: '',
  company: '',
  email: '',
  phone: '',
  preferred_channel: 'email',
  ...more,
});

/** Someone already on the listing in that role: the same name or e-mail, whatever the case. */
function alreadyThere(proposal: PartyProposal, parties: readonly { role: string; contact: { name: string; email: string | null } }[]) {
  const name = proposal.values.name.toLowerCase();
  const email = proposal.values.email?.toLowerCase() || null;
  return parties.some(
    (party) => party.role === proposal.role && (party.contact.name.toLowerCase() === name || (email !== null && party.contact.email?.toLowerCase() === email)),
  );
}

/**
 * The parties a saved contract names, proposed for the listing (all checked,
 * each editable): the buyers as one buyer, the buyer's agent with e-mail and
 * phone, the title company and the lender as companies. Those already on the
 * listing in that role are left out.
 */
export function proposePartiesFromContract(facts: ContractPartyFacts, parties: readonly { role: string; contact: { name: string; email: string | null } }[]): PartyProposal[] {
  const proposals: PartyProposal[] = [];
  const buyers = text(facts.buyer_names);
  if (buyers) proposals.push({ key: 'buyer', role: 'buyer', values: contact(buyers), checked: true });
  const agent = text(facts.buyer_agent_name);
  if (agent) {
    proposals.push({
      key: 'buyers_agent',
      role: 'buyers_agent',
      values: contact(agent, { email: text(facts.buyer_agent_email), phone: text(facts.buyer_agent_phone) }),
      checked: true,
    });
  }
  const title = text(facts.title_company);
  if (title) proposals.push({ key: 'title_escrow', role: 'title_escrow', values: contact(title, { company: title }), checked: true });
  const lender = text(facts.lender);
  if (lender) proposals.push({ key: 'lender', role: 'lender', values: contact(lender, { company: lender }), checked: true });
  return proposals.filter((proposal) => !alreadyThere(proposal, parties));
}
