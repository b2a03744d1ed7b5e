import { AlertTriangle, Check, Eraser } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { acceptRow, clearRow, editRow, rowValue, type ReviewRow } from '@/features/contract-intake/lib/review-state';

const SOURCE_LABELS = { form_field: 'Form field', text: 'Text', ocr: 'OCR', ai: 'AI' } as const;

function RowFlag({ row }: { row: ReviewRow }) {
  if (!row.proposal) return <span className="text-muted-foreground text-xs">Not found — fill in if the contract states it</span>;
  return (
    <span className="flex flex-wrap items-center gap-1.5 text-xs">
      <Badge variant="outline">{SOURCE_LABELS[row.proposal.source]}</Badge>
      <span className="text-muted-foreground">{Math.round(row.proposal.confidence * 100)}% sure</span>
      {row.flag && (
        <span className="flex items-center gap-1 font-medium text-amber-700 dark:text-amber-400">
          <AlertTriangle className="size-3.5" aria-hidden />
          {row.flag === 'uncited' ? 'No citation — check it' : 'Low confidence — check it'}
        </span>
      )}
    </span>
  );
}

/**
 * The proposed facts beside the PDF: select one to see its citation on the
 * page; accept, edit (typing edits) or clear each. Flagged proposals show
 * "check it" and stay undecided until the person decides.
 */
export function FactReviewList({ rows, selected, onSelect, onChange }: { rows: ReviewRow[]; selected: string | null; onSelect: (key: string) => void; onChange: (row: ReviewRow) => void }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Proposed facts">
      {rows.map((row) => {
        const { error } = rowValue(row);
        const inputId = `intake-fact-${row.key}`;
        return (
          <li
            key={row.key}
            data-testid="intake-fact"
            data-key={row.key}
            data-decision={row.decision}
            className={cn('rounded-md border p-2.5', selected === row.key && 'border-primary ring-primary/30 ring-2', row.flag && row.decision === 'undecided' && 'border-amber-500')}
            onFocusCapture={() => onSelect(row.key)}
            onClick={() => onSelect(row.key)}
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
                placeholder={row.kind === 'date' ? 'YYYY-MM-DD' : row.kind === 'boolean' ? 'yes / no' : ''}
                className="h-8"
              />
              {row.proposal && (
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
            {row.proposal?.citation && (
              <p className="text-muted-foreground mt-1 truncate text-xs" title={row.proposal.citation.text}>
                Page {row.proposal.citation.page}: “{row.proposal.citation.text}”
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
