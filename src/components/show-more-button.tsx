import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The next page of a paged list: shown while fewer rows than `total` are on screen. */
export function ShowMoreButton({ shown, total, loading, onClick }: { shown: number; total: number; loading: boolean; onClick: () => void }) {
  if (shown >= total) return null;
  return (
    <Button type="button" variant="ghost" size="sm" className="self-center" disabled={loading} onClick={onClick}>
      {loading && <Loader2 className="animate-spin" />}
      Show more ({total - shown} more)
    </Button>
  );
}
