import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The foot of a template editor: Save (while it may be changed) and Cancel, or only Close for a template the person may only read. */
export function TemplateEditorActions({ readOnly, pending, onCancel }: { readOnly: boolean; pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex gap-2">
      {!readOnly && (
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          Save template
        </Button>
      )}
      <Button type="button" variant="outline" onClick={onCancel}>
        {readOnly ? 'Close' : 'Cancel'}
      </Button>
    </div>
  );
}
