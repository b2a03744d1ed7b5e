/**
 * The names of the roles as the screens show them (spec part 1 §2 sidebar
 * badge, part 2 §2 account selection and TC profile). One table, so a role
 * reads the same everywhere it is named in the same form.
 */
export type RoleLabelForm = 'full' | 'short' | 'initials';

const ROLE_LABELS: Record<string, Record<RoleLabelForm, string>> = {
  agent: { full: 'Agent', short: 'Agent', initials: 'A' },
  tc: { full: 'Transaction Coordinator', short: 'TC', initials: 'TC' },
  super_admin: { full: 'Super Admin', short: 'Super Admin', initials: 'SA' },
};

/**
 * 'Agent' / 'Transaction Coordinator' / 'Super Admin' (full), with 'TC' for
 * the coordinator in the short form and 'A' / 'TC' / 'SA' as initials. An
 * unknown role is shown as itself with underscores as spaces.
 */
export function roleLabel(role: string, form: RoleLabelForm = 'full'): string {
  return ROLE_LABELS[role]?.[form] ?? role.replace(/_/g, ' ');
}
