import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDocumentTypeLabels } from '@/features/compliance/api/get-document-type-labels';
import { AGE_FILTERS, REVIEW_STATE_LABELS, REVIEW_STATES } from '@/features/compliance/api/get-review-queue';

/** Radix Select has no empty value: this stands for "no filter". */
const ANY = 'any';

function FilterSelect({ id, value, onChange, options }: { id: string; value: string | null; onChange: (value: string | null) => void; options: { value: string; label: string }[] }) {
  return (
    <Select value={value ?? ANY} onValueChange={(next) => onChange(next === ANY ? null : next)}>
      <SelectTrigger id={id} className="w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function ReviewStateFilter({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return <FilterSelect id={id} value={value} onChange={(next) => onChange(next ?? 'submitted')} options={REVIEW_STATES.map((state) => ({ value: state, label: REVIEW_STATE_LABELS[state] }))} />;
}

export function DocumentTypeFilter({ id, value, onChange }: { id: string; value: string | null; onChange: (value: string | null) => void }) {
  const types = useDocumentTypeLabels();
  return <FilterSelect id={id} value={value} onChange={onChange} options={[{ value: ANY, label: 'All types' }, ...(types.data ?? []).map((type) => ({ value: type.key, label: type.label }))]} />;
}

export function AgeFilter({ id, value, onChange }: { id: string; value: string | null; onChange: (value: string | null) => void }) {
  return (
    <FilterSelect
      id={id}
      value={value}
      onChange={onChange}
      options={[{ value: ANY, label: 'Any age' }, ...AGE_FILTERS.map((days) => ({ value: days, label: `Older than ${days} day${days === '1' ? '' : 's'}` }))]}
    />
  );
}
