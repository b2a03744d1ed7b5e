import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/** A fieldset of checkboxes over a fixed list of values; the ticked ones are kept in the list's order. */
export function CheckboxGroup<T extends string>({
  legend,
  idPrefix,
  options,
  value,
  onChange,
  error,
  className = 'flex flex-wrap gap-x-4 gap-y-2',
}: {
  legend: string;
  idPrefix: string;
  options: readonly (readonly [T, string])[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string;
  className?: string;
}) {
  const chosen = new Set(value);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={className}>
        {options.map(([key, label]) => (
          <div key={key} className="flex items-center gap-2">
            <Checkbox
              id={`${idPrefix}-${key}`}
              checked={chosen.has(key)}
              aria-invalid={!!error}
              onCheckedChange={(checked) => {
                const next = new Set(chosen);
                if (checked === true) next.add(key);
                else next.delete(key);
                onChange(options.map(([k]) => k).filter((k) => next.has(k)));
              }}
            />
            <Label htmlFor={`${idPrefix}-${key}`} className="font-normal">
              {label}
            </Label>
          </div>
        ))}
      </div>
      {error && <p className="text-destructive text-sm">{error}</p>}
    </fieldset>
  );
}
