import { describe, expect, it } from 'vitest';
import { contractRefusal } from '@/features/listings/lib/status-options';

describe('contractRefusal', () => {
  it('without an active contract: under contract and closed say to record one; the others are offered', () => {
    expect(contractRefusal('under_contract', 'live', false), 'under contract comes from recording a contract').toBe('Record a contract on the Contract tab');
    expect(contractRefusal('closed', 'live', false), 'closed comes from closing a contract').toBe('Record a contract on the Contract tab');
    expect(['incomplete', 'ready', 'live'].map((s) => contractRefusal(s, 'closed', false)), 'the other statuses are allowed').toEqual([undefined, undefined, undefined]);
  });

  it('with an active contract: every other status says to close or terminate it', () => {
    expect(['incomplete', 'ready', 'live', 'closed'].map((s) => contractRefusal(s, 'under_contract', true)), 'only the contract moves the listing').toEqual(
      Array(4).fill('Close or terminate the contract on the Contract tab'),
    );
    expect(contractRefusal('under_contract', 'live', true), 'under contract stays offered while a contract is active').toBeUndefined();
  });

  it('the current status and an unknown contract state disable nothing', () => {
    expect(contractRefusal('closed', 'closed', false), 'the current status is never refused').toBeUndefined();
    expect(contractRefusal('closed', 'live', undefined), 'while the contracts load the database decides').toBeUndefined();
  });
});
