import { CheckIcon, ChevronsUpDownIcon, Loader2 } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import { AGENT_PICKER_PAGE, useAgentOption, useAgentOptions, type AgentOption } from '@/features/agents/api/search-agent-options';

interface AgentPickerProps {
  /** The trigger's id, for the field's <label htmlFor>. */
  id: string;
  /** Whose agents: a coordinator's id, or 'all' for the super admin. */
  tcId: string | 'all';
  value: string | null;
  onChange: (agentId: string | null) => void;
  /** Shown while nothing is chosen (and there is no `allLabel`). */
  placeholder: string;
  /** An extra first choice meaning "no agent filter" (value null), e.g. 'All Agents'. */
  allLabel?: string;
  /** Shown instead of the placeholder when the coordinator has no agents at all. */
  emptyText?: string;
  invalid?: boolean;
  className?: string;
}

type Choice = { id: string | null; name: string };

/**
 * A searchable agent chooser. It never loads more than one page of agents
 * (AGENT_PICKER_PAGE): a coordinator's team usually fits, a super admin's
 * thousand agents are found by typing part of a name or e-mail, each pause
 * asking the database for the next page.
 */
export function AgentPicker({ id, tcId, value, onChange, placeholder, allLabel, emptyText, invalid, className }: AgentPickerProps) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState<AgentOption | null>(null);
  const search = useDebouncedValue(term.trim());
  const page = useAgentOptions(tcId, search);
  const listboxId = useId();

  const onPage = page.data?.options.find((option) => option.id === value);
  const known = picked?.id === value ? picked : onPage;
  const chosen = useAgentOption(value && !known ? value : null);
  const chosenName = value ? (known ?? chosen.data)?.name : allLabel;
  const teamIsEmpty = !search && page.data?.options.length === 0;

  const choices: Choice[] = [...(allLabel && !search ? [{ id: null, name: allLabel }] : []), ...(page.data?.options ?? [])];
  const activeIndex = Math.min(active, choices.length - 1);
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const choose = (choice: Choice) => {
    setPicked(choice.id ? { id: choice.id, name: choice.name } : null);
    onChange(choice.id);
    setOpen(false);
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setTerm('');
      setActive(0);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + choices.length) % Math.max(choices.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const choice = choices[activeIndex];
      if (choice) choose(choice);
    }
  };

  const status = page.isError
    ? 'Could not load agents.'
    : page.isPending
      ? 'Loading agents...'
      : search && choices.length === 0
        ? `No agent matches "${search}".`
        : page.data?.hasMore
          ? `Showing the first ${AGENT_PICKER_PAGE} agents. Type a name or e-mail to find others.`
          : null;

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-invalid={invalid}
          disabled={teamIsEmpty}
          className={cn('w-full justify-between font-normal', !chosenName && 'text-muted-foreground', className)}
        >
          <span className="truncate">{chosenName ?? (page.isPending ? 'Loading agents...' : teamIsEmpty ? (emptyText ?? placeholder) : placeholder)}</span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-50" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" aria-label="Choose an agent" className="w-(--radix-popover-trigger-width) min-w-64 p-0">
        <div className="border-b p-2">
          <Input
            autoFocus
            value={term}
            onChange={(event) => {
              setTerm(event.target.value.slice(0, 100));
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder="Search by name or e-mail"
            aria-label="Search agents"
            role="combobox"
            aria-expanded
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={choices.length > 0 ? optionId(activeIndex) : undefined}
          />
        </div>
        <ul id={listboxId} role="listbox" aria-label="Agents" className="max-h-64 overflow-y-auto p-1">
          {choices.map((choice, index) => (
            <li
              key={choice.id ?? 'all'}
              id={optionId(index)}
              role="option"
              aria-selected={choice.id === value}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(choice)}
              className={cn('flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm', index === activeIndex && 'bg-accent text-accent-foreground')}
            >
              <CheckIcon className={cn('size-4 shrink-0', choice.id === value ? 'opacity-100' : 'opacity-0')} aria-hidden />
              <span className="truncate">{choice.name}</span>
            </li>
          ))}
        </ul>
        {status ? (
          <p role="status" className="text-muted-foreground flex items-center gap-2 border-t px-3 py-2 text-xs">
            {page.isPending ? <Loader2 className="size-3 animate-spin" aria-hidden /> : null}
            {status}
          </p>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
