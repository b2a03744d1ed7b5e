import { describe, expect, it } from 'vitest';
import { contractFactsSchema, contractFieldErrors, emptyContractValues, previewFacts, valuesFromContract } from '@/features/contracts/api/contract-input';

const trec = () => ({ ...emptyContractValues('trec-20-18'), effective_date: '2026-07-01' });

describe('the contract form', () => {
  it('needs the start date and checks dates, money, day counts and e-mail', () => {
    expect(contractFieldErrors(emptyContractValues()).effective_date, 'the effective date is required').toBe('Required');
    const errors = contractFieldErrors({
      ...trec(),
      closing_date: '2026-13-01',
      sales_price: '-1',
      option_days: '2.5',
      buyer_agent_email: 'lee@',
    });
    expect(errors.closing_date, 'an impossible date is refused').toBe('Enter a date as YYYY-MM-DD');
    expect(errors.sales_price, 'money is 0 or more').toMatch(/^Enter an amount of 0 or more/);
    expect(errors.option_days, 'days are whole numbers').toBe('Enter a whole number of days from 0 to 365');
    expect(errors.buyer_agent_email, 'the e-mail must be an address').toBe('Enter a valid e-mail address');
    expect(contractFieldErrors({ ...trec(), option_days: '366' }).option_days, 'past a year is refused before sending, as the database would').toBe('Enter a whole number of days from 0 to 365');
    expect(contractFieldErrors({ ...trec(), option_days: '365' }).option_days, 'a year is taken').toBeUndefined();
    expect(contractFieldErrors({ ...trec(), closing_date: '2026-06-30' }).closing_date, 'closing cannot precede the start').toBe('The closing date is before the start date');
  });

  it('reads dollars as written and leaves empty fields null', () => {
    const facts = contractFactsSchema.parse({ ...trec(), sales_price: '$512,500.50', option_days: '7', buyer_names: '  ' });
    expect(facts.sales_price, 'currency signs and thousands separators are read').toBe(512500.5);
    expect(facts.option_days, 'day counts become numbers').toBe(7);
    expect(facts.buyer_names, 'blank text is no value').toBeNull();
    expect(facts.earnest_money, 'an empty amount is no value').toBeNull();
  });

  it("drops the other forms' fields, so switching forms carries nothing over", () => {
    const facts = contractFactsSchema.parse({ ...trec(), form: 'car-rpa', option_days: '7', option_fee: '100', inspection_days: '10' });
    expect(facts.option_days, 'no TREC option period on a C.A.R. contract').toBeNull();
    expect(facts.option_fee, 'no option fee outside TREC').toBeNull();
    expect(facts.inspection_days, "the C.A.R. form's own count stays").toBe(10);
  });

  it('previews with the facts the database builds from a saved contract', () => {
    const facts = contractFactsSchema.parse({ ...trec(), option_days: '7', financing_type: 'cash' });
    expect(previewFacts(facts), 'start date under both names, all_cash from the financing, no empty facts').toEqual({
      effective_date: '2026-07-01',
      acceptance_date: '2026-07-01',
      option_days: 7,
      all_cash: true,
    });
  });

  it('fills the form back from a stored contract for an amendment', () => {
    const stored = { ...contractFactsSchema.parse({ ...trec(), sales_price: '350000', option_days: '5' }), id: 'x' };
    const values = valuesFromContract(stored);
    expect(values.sales_price, 'numbers become text').toBe('350000');
    expect(values.closing_date, 'nulls become empty fields').toBe('');
    expect(values.form, 'the form is kept').toBe('trec-20-18');
  });
});
