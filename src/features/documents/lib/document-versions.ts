/** What grouping needs of a document row. */
interface Versioned {
  id: string;
  version_of: string | null;
  version: number;
}

/** A document with its earlier versions: `latest` is the one reviews apply to, `earlier` newest first. */
export interface DocumentWithVersions<T extends Versioned> {
  latest: T;
  earlier: T[];
}

/**
 * Groups a listing's documents by their first version (a new version points at
 * the first one's id), latest version first in each group. Groups keep the
 * order the latest versions came in (the list's newest-first order). A version
 * whose first version is not in the list (deleted) stands on its own.
 */
export function groupDocumentVersions<T extends Versioned>(documents: readonly T[]): DocumentWithVersions<T>[] {
  const ids = new Set(documents.map((d) => d.id));
  const groups = new Map<string, T[]>();
  for (const document of documents) {
    const root = document.version_of && ids.has(document.version_of) ? document.version_of : document.id;
    groups.set(root, [...(groups.get(root) ?? []), document]);
  }
  const sorted = [...groups.values()].map((versions) => versions.toSorted((a, b) => b.version - a.version));
  const position = new Map(documents.map((d, index) => [d.id, index]));
  return sorted
    .toSorted((a, b) => (position.get(a[0].id) ?? 0) - (position.get(b[0].id) ?? 0))
    .map(([latest, ...earlier]) => ({ latest, earlier }));
}
