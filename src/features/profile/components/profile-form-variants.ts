import { agentProfileSchema, profileContactSchema, type AgentProfileValues } from '@/features/profile/api/update-profile';

export type ProfileFieldName = keyof AgentProfileValues;

export interface ProfileField {
  name: ProfileFieldName;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  /** Spans both columns of the grid (long values such as an address). */
  wide?: boolean;
}

/** How one profile screen's form is set up: one form, configured per screen (like the avatar crop presets). */
export interface ProfileFormVariant {
  schema: typeof profileContactSchema | typeof agentProfileSchema;
  fields: ProfileField[];
  saveLabel: string;
  /** The failure toast's title (spec part 2 §8). */
  errorTitle: string;
  /** Shows the write-only MLS password (status, reveal, change, clear). */
  mlsPassword: boolean;
}

const CONTACT_FIELDS: ProfileField[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
];

/** The coordinator's profile (spec part 2 §2 'TC Profile'): contact fields, Save, failures titled 'Update failed'. */
export const COORDINATOR_PROFILE_FORM: ProfileFormVariant = {
  schema: profileContactSchema,
  fields: CONTACT_FIELDS,
  saveLabel: 'Save',
  errorTitle: 'Update failed',
  mlsPassword: false,
};

/** The agent's profile (spec part 2 §2 'Agent profile', §5): contact, licence, brokerage and MLS fields, Save Profile. */
export const AGENT_PROFILE_FORM: ProfileFormVariant = {
  schema: agentProfileSchema,
  fields: [
    ...CONTACT_FIELDS,
    { name: 'licenseNumber', label: 'License Number', type: 'text', autoComplete: 'off' },
    { name: 'brokerage', label: 'Brokerage', type: 'text', autoComplete: 'organization' },
    { name: 'brokerageAddress', label: 'Brokerage Address', type: 'text', autoComplete: 'street-address', wide: true },
    { name: 'mlsSystem', label: 'MLS System', type: 'text', autoComplete: 'off' },
    { name: 'mlsUsername', label: 'MLS Username', type: 'text', autoComplete: 'off' },
  ],
  saveLabel: 'Save Profile',
  errorTitle: 'Error',
  mlsPassword: true,
};
