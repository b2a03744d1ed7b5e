import { AlertTriangle, Check, Eraser } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { citationLabel, SOURCE_LABELS } from '@/features/contract-intake/lib/facts';
import { acceptRow, citationOf, clearRow, editRow, pickCandidate, rowValue, type ReviewRow } from '@/features/contract-intake/lib/review-state';
import { FactCandidates } from '@/features/contract-intake/components/fact-candidates';

/** Which fact the page shows the citation of, and which of its candidates (null: the fact's own, or its picked one). */
export interface FactSelection {
  key: string;
  candidate: number | null;
}

const FLAG_TEXT = { uncited: 'No citation — check it', low_confidence: 'Low confidence — check it', different_values: 'Different values in the contract — pick one' } as const;

function RowFlag({ row }: { row: ReviewRow }) {
  if (!row.proposal) return <span className="text-muted-foreground text-xs">Not found — fill in if the contract states it</span>;
  const flagged = row.flag && (
    <span className="flex items-center gap-1 font-medium text-amber-700 dark:text-amber-400">
      <AlertTriangle className="size-3.5" aria-hidden />
      {row.flag === 'different_values' && row.decision !== 'undecided' ? 'Different values in the contract' : FLAG_TEXT[row.flag]}
    </span>
  );
  // A fact with different values has no source or confidence of its own: each candidate shows its source.
  if (row.flag === 'different_values') return <span className="flex flex-wrap items-center gap-1.5 text-xs">{flagged}</span>;
  return (
    <span className="flex flex-wrap items-center gap-1.5 text-xs">
      <Badge variant="outline">{SOURCE_LABELS[row.proposal.source]}</Badge>
      <span className="text-muted-foreground">{Math.round(row.proposal.confidence * 100)}% sure</span>
      {flagged}
    </span>
  );
}

function placeholderOf(row: ReviewRow): string {
  if (row.flag === 'different_values') return 'Pick a value below or type one';
  return row.kind === 'date' ? 'YYYY-MM-DD' : row.kind === 'boolean' ? 'yes / no' : '';
}

/**
 * The proposed facts beside the PDF: select one to see its citation on the
 * page; accept, edit (typing edits) or clear each. Flagged proposals show
 * "check it" and stay undecided until the person decides; a fact with
 * different values lists them to pick from.
 */
export function FactReviewList({
  rows,
  selected,
  onSelect,
  onChange,
}: {
  rows: ReviewRow[];
  selected: FactSelection | null;
  onSelect: (selection: FactSelection) => void;
  onChange: (row: ReviewRow) => void;
}) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Proposed facts">
      {rows.map((row) => {
        const { error } = rowValue(row);
        const inputId = `intake-fact-${row.key}`;
        const citation = citationOf(row);
        const canAccept = row.proposal && (row.proposal.value !== null || row.picked !== null);
        return (
          <li
            key={row.key}
            data-testid="intake-fact"
            data-key={row.key}
            data-decision={row.decision}
            className={cn('rounded-md border p-2.5', selected?.key === row.key && 'border-primary ring-primary/30 ring-2', row.flag && row.decision === 'undecided' && 'border-amber-500')}
            onFocusCapture={() => onSelect({ key: row.key, candidate: null })}
            onClick={() => onSelect({ key: row.key, candidate: null })}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <label htmlFor={inputId} className="text-sm font-medium">
                {row.label}
              </label>
              <RowFlag row={row} />
            </div>
            <div className="mt-1.5 flex items-center gap-1.5">
              <Input
                id={inputId}
                value={row.text}
                onChange={(event) => onChange(editRow(row, event.target.value))}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${inputId}-error` : undefined}
                placeholder={placeholderOf(row)}
                className="h-8"
              />
              {canAccept && (
                <Button type="button" size="sm" variant={row.decision === 'accepted' ? 'default' : 'outline'} onClick={() => onChange(acceptRow(row))} aria-label={`Accept ${row.label}`}>
                  <Check aria-hidden />
                </Button>
              )}
              <Button type="button" size="sm" variant="outline" onClick={() => onChange(clearRow(row))} aria-label={`Clear ${row.label}`}>
                <Eraser aria-hidden />
              </Button>
            </div>
            {error && (
              <p id={`${inputId}-error`} className="text-destructive mt-1 text-xs">
                {error}
              </p>
            )}
            {row.flag === 'different_values' ? (
              <FactCandidates
                row={row}
                focused={selected?.key === row.key ? selected.candidate : null}
                onFocusCandidate={(candidate) => onSelect({ key: row.key, candidate })}
                onPick={(candidate) => onChange(pickCandidate(row, candidate))}
              />
            ) : (
              citation && (
                <p className="text-muted-foreground mt-1 truncate text-xs" title={citation.text}>
                  {citationLabel(citation)}
                </p>
              )
            )}
          </li>
        );
      })}
    </ul>
  );
}
