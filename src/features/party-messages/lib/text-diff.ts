/** One line of a compact diff: kept, removed (old only) or added (new only). */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * A line diff of two short texts (a message's subject or body), by their
 * longest common subsequence of lines: what changed shows as removed and
 * added lines, unchanged runs of more than `context` lines around them fold
 * into one "…" line. Messages are short, so the O(n·m) table is fine.
 */
export function diffLines(before: string, after: string, context = 1): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || common[i + 1][j] >= common[i][j + 1])) {
      lines.push({ kind: 'removed', text: a[i++] });
    } else {
      lines.push({ kind: 'added', text: b[j++] });
    }
  }
  return foldUnchanged(lines, context);
}

/** Keeps `context` unchanged lines next to each change; longer unchanged runs become one '…' line. */
function foldUnchanged(lines: DiffLine[], context: number): DiffLine[] {
  const near = lines.map((_, index) => lines.slice(Math.max(0, index - context), index + context + 1).some((line) => line.kind !== 'same'));
  const folded: DiffLine[] = [];
  lines.forEach((line, index) => {
    if (line.kind !== 'same' || near[index]) folded.push(line);
    else if (folded.at(-1)?.text !== '…' || folded.at(-1)?.kind !== 'same') folded.push({ kind: 'same', text: '…' });
  });
  return folded;
}
