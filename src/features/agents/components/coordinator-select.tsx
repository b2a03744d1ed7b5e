import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { personName } from '@/components/user-avatar';
import { useCoordinators } from '@/features/agents/api/get-coordinators';

/** The super admin's choice of whose team Agent Assignments manages. */
export function CoordinatorSelect({ value, onChange }: { value: string | undefined; onChange: (tcId: string) => void }) {
  const coordinators = useCoordinators();
  return (
    <div className="flex flex-col gap-2 sm:max-w-xs">
      <Label htmlFor="assignments-coordinator">Coordinator</Label>
      <Select value={value ?? ''} onValueChange={onChange} disabled={!coordinators.data}>
        <SelectTrigger id="assignments-coordinator" className="w-full">
          <SelectValue placeholder={coordinators.isError ? 'Could not load coordinators' : 'Choose a coordinator'} />
        </SelectTrigger>
        <SelectContent>
          {coordinators.data?.map((tc) => (
            <SelectItem key={tc.id} value={tc.id}>
              {personName(tc)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
