import { CheckboxGroup } from '@/components/checkbox-group';
import { PARTY_ROLES, PARTY_ROLE_LABELS, type PartyRole } from '@/lib/party-roles';

const ROLE_OPTIONS = PARTY_ROLES.map((role) => [role, PARTY_ROLE_LABELS[role]] as const);

/** Recipients by role (To or Cc): one checkbox per role. */
export function RoleCheckboxes({ legend, idPrefix, value, onChange, error }: { legend: string; idPrefix: string; value: readonly PartyRole[]; onChange: (roles: PartyRole[]) => void; error?: string }) {
  return <CheckboxGroup legend={legend} idPrefix={idPrefix} options={ROLE_OPTIONS} value={value} onChange={onChange} error={error} className="grid grid-cols-2 gap-x-4 gap-y-2" />;
}
