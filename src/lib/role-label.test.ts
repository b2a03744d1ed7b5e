import { describe, expect, it } from 'vitest';
import { roleLabel } from '@/lib/role-label';

describe('roleLabel', () => {
  it('names each role in full by default', () => {
    expect(['agent', 'tc', 'super_admin'].map((r) => roleLabel(r)), 'full names of the three roles').toEqual(['Agent', 'Transaction Coordinator', 'Super Admin']);
  });

  it('has the sidebar short form and initials', () => {
    expect(['agent', 'tc', 'super_admin'].map((r) => roleLabel(r, 'short')), 'short names (wide sidebar badge)').toEqual(['Agent', 'TC', 'Super Admin']);
    expect(['agent', 'tc', 'super_admin'].map((r) => roleLabel(r, 'initials')), 'initials (collapsed sidebar badge)').toEqual(['A', 'TC', 'SA']);
  });

  it('shows an unknown role as itself with spaces for underscores', () => {
    expect(roleLabel('listing_helper'), 'unknown roles stay readable').toBe('listing helper');
  });
});
