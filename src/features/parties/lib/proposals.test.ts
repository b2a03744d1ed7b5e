import { describe, expect, test } from 'vitest';
import { proposePartiesFromContract } from '@/features/parties/lib/proposals';

describe('proposePartiesFromContract', () => {
  const facts = {
    buyer_names: ' Celia Ortiz and Bill Ortiz ',
    buyer_agent_name: 'Dana Whitfield',
    buyer_agent_email: 'dana@realty.test',
    buyer_agent_phone: '512-555-0199',
    title_company: 'Lone Star Title',
    lender: null,
  };

  test('each fact naming people becomes a checked proposal in its role', () => {
    const proposals = proposePartiesFromContract(facts, []);
    expect(proposals.map((p) => [p.role, p.values.name, p.checked]), 'buyers, buyer agent and title company are proposed, checked; no lender without one').toEqual([
      ['buyer', 'Celia Ortiz and Bill Ortiz', true],
      ['buyers_agent', 'Dana Whitfield', true],
      ['title_escrow', 'Lone Star Title', true],
    ]);
    expect(proposals[1].values, "the buyer's agent comes with the contract's e-mail and phone").toMatchObject({ email: 'dana@realty.test', phone: '512-555-0199' });
    expect(proposals[2].values.company, 'a title company is named by its company').toBe('Lone Star Title');
  });

  test('someone already on the listing in that role is not proposed again', () => {
    const parties = [
      { role: 'buyers_agent', contact: { name: 'Someone else', email: 'DANA@realty.test' } },
      { role: 'seller', contact: { name: 'Lone Star Title', email: null } },
    ];
    expect(proposePartiesFromContract(facts, parties).map((p) => p.role), 'the same e-mail in the role counts; the same name in another role does not').toEqual(['buyer', 'title_escrow']);
  });
});
