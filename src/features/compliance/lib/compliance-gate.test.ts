import { describe, expect, it } from 'vitest';
import { blockersFor, describeMissing, type StageCompliance } from '@/features/compliance/lib/compliance-gate';

const STAGES: StageCompliance[] = [
  { stage: 'live', required: 2, approved: 1, missing: [{ document_type: 'sellers_disclosure', label: "Seller's Disclosure", state: 'returned' }] },
  { stage: 'under_contract', required: 1, approved: 0, missing: [{ document_type: 'purchase_contract', label: 'Purchase Contract', state: 'missing' }] },
  { stage: 'closed', required: 0, approved: 0, missing: [] },
];

describe('blockersFor', () => {
  it('lists what the gate refuses for a stage and the earlier ones, like the database', () => {
    expect(blockersFor(STAGES, 'live').map(describeMissing), 'going live needs the live stage only').toEqual(["Seller's Disclosure (returned)"]);
    expect(blockersFor(STAGES, 'closed').map((m) => m.document_type), 'closing needs every earlier stage too').toEqual(['sellers_disclosure', 'purchase_contract']);
  });

  it('has nothing for statuses without a gate', () => {
    expect(blockersFor(STAGES, 'ready'), 'ready is never gated').toEqual([]);
    expect(blockersFor(STAGES, 'incomplete'), 'incomplete is never gated').toEqual([]);
  });

  it('has nothing for a move back to an earlier stage, which the gate never holds (issue 51)', () => {
    expect(blockersFor(STAGES, 'live', 'under_contract'), 'a terminated contract returns the listing to live').toEqual([]);
    expect(blockersFor(STAGES, 'under_contract', 'closed'), 'closed back to under contract').toEqual([]);
    expect(blockersFor(STAGES, 'under_contract', 'live').map((m) => m.document_type), 'a move forward is still held').toEqual(['sellers_disclosure', 'purchase_contract']);
    expect(blockersFor(STAGES, 'live', 'ready').map((m) => m.document_type), 'ready to live is forward').toEqual(['sellers_disclosure']);
  });
});
