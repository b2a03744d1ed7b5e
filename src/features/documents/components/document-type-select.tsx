import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDocumentTypes } from '@/features/documents/api/get-document-types';

/** Radix Select has no empty value: this stands for "no type yet". */
const NO_TYPE = 'none';

/** A document type picker over document_types; `null` is "No type yet". */
export function DocumentTypeSelect({
  id,
  value,
  onChange,
  disabled,
  className,
  ariaLabel,
}: {
  id?: string;
  value: string | null;
  onChange: (documentType: string | null) => void;
  disabled?: boolean;
  className?: string;
  ariaLabel?: string;
}) {
  const types = useDocumentTypes();
  return (
    <Select value={value ?? NO_TYPE} onValueChange={(next) => onChange(next === NO_TYPE ? null : next)} disabled={disabled || types.isPending}>
      <SelectTrigger id={id} className={className ?? 'w-full'} aria-label={ariaLabel}>
        <SelectValue placeholder="Document type" />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NO_TYPE}>No type yet</SelectItem>
        {types.data?.map((type) => (
          <SelectItem key={type.key} value={type.key}>
            {type.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
