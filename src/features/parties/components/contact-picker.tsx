import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useContactSearch, type FoundContact } from '@/features/parties/api/search-contacts';
import { ContactSummary } from '@/features/parties/components/contact-summary';

/** A search box over the contact book, answering as the person types; a found contact is picked by a click. */
export function ContactPicker({
  query,
  onQueryChange,
  picked,
  onPick,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  picked: { id: string } | null;
  onPick: (contact: FoundContact) => void;
}) {
  const search = useContactSearch(query);
  const found = query.trim() === '' ? [] : (search.data ?? []);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="party-contact-search">Search your contacts</Label>
      <div className="relative">
        <Search aria-hidden className="text-muted-foreground absolute top-2.5 left-2.5 size-4" />
        <Input
          id="party-contact-search"
          type="search"
          className="pl-8"
          placeholder="Name, company, e-mail or phone"
          autoComplete="off"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
        />
      </div>
      {search.isError && <p className="text-destructive text-sm">Could not search: {search.error.message}</p>}
      {query.trim() !== '' && search.isSuccess && found.length === 0 && (
        <p className="text-muted-foreground text-sm" role="status">
          No contact matches “{query.trim()}”. Add a new contact instead.
        </p>
      )}
      {found.length > 0 && (
        <ul aria-label="Contacts found" className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          {found.map((contact) => (
            <li key={contact.id}>
              <button
                type="button"
                aria-pressed={picked?.id === contact.id}
                onClick={() => onPick(contact)}
                className={cn(
                  'hover:border-foreground/40 focus-visible:ring-ring/50 w-full rounded-md border px-3 py-2 text-sm outline-none focus-visible:ring-[3px]',
                  picked?.id === contact.id && 'border-primary ring-primary ring-1',
                )}
              >
                <ContactSummary contact={contact} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
