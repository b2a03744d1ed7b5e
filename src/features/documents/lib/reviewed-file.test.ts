import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '@/lib/format-timestamp';
import { describeApprovedFile } from '@/features/documents/lib/reviewed-file';

const at = '2026-11-28T15:07:00Z';

describe('describeApprovedFile', () => {
  it('shows when, the size and the start of the checksum the approval recorded', () => {
    const line = describeApprovedFile({ review_state: 'approved', reviewed_at: at, reviewed_size: 250_880, reviewed_checksum: '0cc175b9c0f1b6a831c399e269772661' });
    expect(line, 'the approved file is identified by size and checksum').toBe(`Approved ${formatTimestamp(at)} · 245 KB · checksum 0cc175b9c0f1…`);
  });

  it('shows the date alone for an approval recorded without the file (older approvals)', () => {
    expect(describeApprovedFile({ review_state: 'approved', reviewed_at: at, reviewed_size: null, reviewed_checksum: null }), 'no size or checksum to show').toBe(
      `Approved ${formatTimestamp(at)}`,
    );
  });

  it('says nothing for a document that is not approved', () => {
    for (const state of ['submitted', 'returned', null]) {
      expect(describeApprovedFile({ review_state: state, reviewed_at: at, reviewed_size: 1, reviewed_checksum: 'abc' }), `${state}: no approval line`).toBeNull();
    }
  });
});
