import { describe, expect, it } from 'vitest';
import { groupDocumentVersions } from '@/features/documents/lib/document-versions';

describe('groupDocumentVersions', () => {
  it('puts every version under its first one, latest first, in the order of the latest versions', () => {
    const groups = groupDocumentVersions([
      { id: 'b2', version_of: 'b1', version: 2 },
      { id: 'a1', version_of: null, version: 1 },
      { id: 'b1', version_of: null, version: 1 },
    ]);
    expect(groups.map((g) => g.latest.id), 'the newest-first list keeps its order by latest version').toEqual(['b2', 'a1']);
    expect(groups[0].earlier.map((d) => d.id), 'the earlier version stays listed under the latest').toEqual(['b1']);
  });

  it('keeps a version whose first version is gone as a document of its own', () => {
    const groups = groupDocumentVersions([{ id: 'c3', version_of: 'c1', version: 3 }]);
    expect(groups, 'an orphaned version is still shown').toEqual([{ latest: { id: 'c3', version_of: 'c1', version: 3 }, earlier: [] }]);
  });
});
