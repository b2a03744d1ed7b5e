import { CheckboxGroup } from '@/components/checkbox-group';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FINANCING_LABELS, type FinancingType } from '@/lib/contract-terms';
import type { TemplateConditions } from '@/lib/template-conditions';

const ANY = 'any';
const PROPERTY_TYPES = [
  ['single_family', 'Single family'],
  ['condo', 'Condo'],
  ['townhouse', 'Townhouse'],
  ['multi_family', 'Multi-family'],
  ['land', 'Land'],
] as const;
const FINANCING_TYPES = Object.entries(FINANCING_LABELS) as [FinancingType, string][];

function YesNoAny({ id, label, value, onChange }: { id: string; label: string; value: boolean | undefined; onChange: (value: boolean | undefined) => void }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value === undefined ? ANY : value ? 'yes' : 'no'} onValueChange={(next) => onChange(next === ANY ? undefined : next === 'yes')}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>Any</SelectItem>
          <SelectItem value="yes">Yes</SelectItem>
          <SelectItem value="no">No</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}

/** The conditions a listing (and its contract) must meet for the template to apply; anything left open matches every listing. */
export function TemplateConditionsFields({ value, onChange, statesError }: { value: TemplateConditions; onChange: (value: TemplateConditions) => void; statesError?: string }) {
  const set = <K extends keyof TemplateConditions>(key: K, next: TemplateConditions[K]) => {
    const copy = { ...value, [key]: next };
    if (next === undefined) delete copy[key];
    onChange(copy);
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="template-side">Side</Label>
          <Select value={value.side ?? ANY} onValueChange={(next) => set('side', next === ANY ? undefined : (next as 'listing' | 'buyer'))}>
            <SelectTrigger id="template-side" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Any</SelectItem>
              <SelectItem value="listing">Listing side</SelectItem>
              <SelectItem value="buyer">Buyer side</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <YesNoAny id="template-hoa" label="HOA" value={value.has_hoa} onChange={(next) => set('has_hoa', next)} />
        <YesNoAny id="template-1978" label="Built before 1978" value={value.built_before_1978} onChange={(next) => set('built_before_1978', next)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="template-states">States (codes separated by commas; empty: any)</Label>
        <Input
          id="template-states"
          placeholder="TX, OK"
          defaultValue={(value.states ?? []).join(', ')}
          aria-invalid={!!statesError}
          onChange={(event) => {
            const codes = event.target.value
              .toUpperCase()
              .split(/[\s,]+/)
              .filter(Boolean);
            set('states', codes.length ? codes : undefined);
          }}
        />
        {statesError && <p className="text-destructive text-sm">{statesError}</p>}
      </div>
      <CheckboxGroup
        legend="Property types (none ticked: any)"
        idPrefix="template-property"
        options={PROPERTY_TYPES}
        value={value.property_types ?? []}
        onChange={(next) => set('property_types', next.length ? next : undefined)}
      />
      <CheckboxGroup
        legend="Financing (of the active contract) (none ticked: any)"
        idPrefix="template-financing"
        options={FINANCING_TYPES}
        value={value.financing_types ?? []}
        onChange={(next) => set('financing_types', next.length ? next : undefined)}
      />
    </div>
  );
}

