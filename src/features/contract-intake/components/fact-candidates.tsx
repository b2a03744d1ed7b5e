import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { citationLabel, displayValue, SOURCE_LABELS } from '@/features/contract-intake/lib/facts';
import { candidatesOf, type ReviewRow } from '@/features/contract-intake/lib/review-state';

/**
 * A flagged fact's candidates: the values the contract gives, each with
 * where it gives it. Focusing or hovering one highlights its citation on the
 * page; one click on "Use …" picks it (the row takes its value, editable
 * after). Buttons with aria-pressed rather than radios: arrowing through
 * radios would pick each value on the way, and reading them should decide
 * nothing. The quote stays outside the button, as its description, so the
 * button's name is short and holds its visible text ("Use 2027-03-03 (page 1)").
 */
export function FactCandidates({ row, focused, onFocusCandidate, onPick }: { row: ReviewRow; focused: number | null; onFocusCandidate: (index: number) => void; onPick: (index: number) => void }) {
  const candidates = candidatesOf(row);
  if (candidates.length === 0) return null;
  const idPrefix = `intake-fact-${row.key}-candidate`;
  return (
    <div role="group" aria-labelledby={`${idPrefix}s`} className="mt-2 flex flex-col gap-1.5" data-testid="intake-candidates">
      <p id={`${idPrefix}s`} className="text-xs text-amber-800 dark:text-amber-300">
        The contract gives {candidates.length} different values for {row.label.toLowerCase()}. Pick the right one:
      </p>
      <ul className="flex flex-col gap-1.5">
        {candidates.map((candidate, index) => {
          const value = displayValue(row.kind, candidate.value);
          const picked = row.picked === index;
          return (
            <li
              key={index}
              data-testid="intake-candidate"
              data-index={index}
              className={cn('rounded-md border px-2 py-1.5', picked && 'border-primary ring-primary ring-1', focused === index && !picked && 'border-yellow-500')}
              onMouseEnter={() => onFocusCandidate(index)}
            >
              <div className="flex flex-wrap items-center gap-1.5">
                <Button
                  type="button"
                  size="sm"
                  variant={picked ? 'default' : 'outline'}
                  aria-pressed={picked}
                  aria-describedby={`${idPrefix}-${index}`}
                  onFocus={() => onFocusCandidate(index)}
                  onClick={(event) => {
                    // The row's own click selects the row; this one picks the value and keeps its citation highlighted.
                    event.stopPropagation();
                    onFocusCandidate(index);
                    onPick(index);
                  }}
                >
                  {picked && <Check aria-hidden />}
                  Use {value}
                  <span className="sr-only"> (page {candidate.citation.page})</span>
                </Button>
                <Badge variant="outline">{SOURCE_LABELS[candidate.source]}</Badge>
              </div>
              <p id={`${idPrefix}-${index}`} className="text-muted-foreground mt-1 text-xs break-words">
                {citationLabel(candidate.citation)}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
