import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';

/** How a key date came about (the engine's words), shown on demand: most days nobody needs it, on a disputed one everybody does. */
export function RuleText({ rule }: { rule: string | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!rule) return null;
  return (
    <div className="flex flex-col gap-1">
      <Button
        type="button"
        variant="link"
        size="sm"
        className="text-foreground/80 hover:text-foreground h-auto w-fit p-0 text-xs has-[>svg]:px-0"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? <ChevronDown /> : <ChevronRight />}
        How this date is computed
      </Button>
      {open && (
        <p id={id} className="bg-background/70 rounded-md border px-2 py-1 text-xs" data-testid="deadline-rule">
          {rule}
        </p>
      )}
    </div>
  );
}
