/**
 * Query keys of deployment settings that several features read (the listing
 * screens' forwarding-address domain) and the admin console writes; shared
 * here because features never import each other.
 */
export const settingsKeys = {
  all: ['settings'] as const,
  inboundEmailDomain: ['settings', 'inbound-email-domain'] as const,
};
