import { Braces } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useMessageMergeFields } from '@/features/party-messages/api/get-message-templates';
import { mergeFieldGroups } from '@/features/party-messages/lib/merge-fields';

/**
 * "Insert field": the merge fields a message may use, searchable, in groups;
 * picking one inserts `{{field}}` at the cursor of the subject or body
 * (whichever was focused last).
 */
export function MergeFieldPicker({ onPick, disabled }: { onPick: (field: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const fields = useMessageMergeFields();
  const needle = filter.trim().toLowerCase();
  const groups = mergeFieldGroups(fields.data ?? [])
    .map((group) => ({ ...group, fields: group.fields.filter((f) => !needle || f.field.includes(needle) || f.label.toLowerCase().includes(needle)) }))
    .filter((group) => group.fields.length > 0);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={disabled}>
          <Braces />
          Insert field
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80 p-0">
        <div className="border-b p-2">
          <Input aria-label="Search merge fields" placeholder="Search fields" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </div>
        <div className="max-h-72 overflow-y-auto p-1" role="group" aria-label="Merge fields">
          {fields.isPending && <p className="text-muted-foreground p-2 text-sm">Loading fields…</p>}
          {groups.map((group) => (
            <section key={group.label} aria-label={group.label} className="py-1">
              <h4 className="text-muted-foreground px-2 py-1 text-xs font-medium">{group.label}</h4>
              {group.fields.map(({ field, label }) => (
                <button
                  key={field}
                  type="button"
                  className="hover:bg-accent focus-visible:bg-accent flex w-full flex-col items-start rounded-sm px-2 py-1 text-left text-sm outline-none"
                  onClick={() => {
                    onPick(field);
                    setOpen(false);
                  }}
                >
                  <code className="text-xs">{`{{${field}}}`}</code>
                  {label !== field && <span className="text-muted-foreground text-xs">{label}</span>}
                </button>
              ))}
            </section>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
