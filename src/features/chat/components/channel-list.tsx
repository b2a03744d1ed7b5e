import { Hash } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { Channel } from '@/features/chat/api/get-channels';
import { GENERAL, type ChannelKey } from '@/features/chat/api/query-keys';

/** The fixed general channel, then the created channels the viewer belongs to, each with its unread count. */
export function ChannelList({
  channels,
  selected,
  unread,
  onSelect,
  action,
}: {
  channels: Channel[];
  selected: ChannelKey;
  unread: Partial<Record<ChannelKey, number>>;
  onSelect: (key: ChannelKey) => void;
  action: ReactNode;
}) {
  const entries = [{ key: GENERAL, name: 'general' }, ...channels.map((c) => ({ key: c.id, name: c.name }))];
  return (
    <nav aria-label="Channels" className="flex flex-col gap-1">
      <div className="flex items-center justify-between px-2 pb-1">
        <h2 className="text-sm font-semibold text-muted-foreground">Channels</h2>
        {action}
      </div>
      <ul className="flex flex-col gap-0.5">
        {entries.map(({ key, name }) => {
          const count = unread[key] ?? 0;
          const active = key === selected;
          return (
            <li key={key}>
              <button
                type="button"
                aria-current={active ? 'page' : undefined}
                onClick={() => onSelect(key)}
                className={cn(
                  'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent',
                  active && 'bg-accent font-medium',
                  count > 0 && !active && 'font-semibold',
                )}
              >
                <Hash className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{name}</span>
                {count > 0 && !active && (
                  <Badge className="h-5 min-w-5 px-1.5" aria-label={`${count > 99 ? 'more than 99' : count} unread`} data-testid={`unread-${name}`}>
                    {count > 99 ? '99+' : count}
                  </Badge>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
