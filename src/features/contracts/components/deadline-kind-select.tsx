import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useContractForms } from '@/features/contracts/api/get-contract-forms';

/** A select cannot hold an empty value: this one means "every kind". */
const ALL_KINDS = 'all';

/** The kinds of deadline to filter by: every rule key of the shipped forms (labels from the rules), and deadlines added by hand. */
export function DeadlineKindSelect({ id, value, onChange }: { id: string; value: string | null; onChange: (kind: string | null) => void }) {
  const forms = useContractForms();
  const kinds = new Map<string, string>();
  for (const form of forms.data ?? []) for (const rule of form.deadline_rules) if (!kinds.has(rule.key)) kinds.set(rule.key, rule.label);
  const options = [...kinds].sort(([, a], [, b]) => a.localeCompare(b));
  return (
    <Select value={value ?? ALL_KINDS} onValueChange={(next) => onChange(next === ALL_KINDS ? null : next)}>
      <SelectTrigger id={id} className="w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL_KINDS}>All kinds</SelectItem>
        {options.map(([key, label]) => (
          <SelectItem key={key} value={key}>
            {label}
          </SelectItem>
        ))}
        <SelectItem value="custom">Added by hand</SelectItem>
      </SelectContent>
    </Select>
  );
}
