/** How a contact prefers to be reached (public.contacts.preferred_channel). */
export const PREFERRED_CHANNELS = ['email', 'phone', 'text'] as const;
export type PreferredChannel = (typeof PREFERRED_CHANNELS)[number];
export const PREFERRED_CHANNEL_LABELS: Record<PreferredChannel, string> = { email: 'E-mail', phone: 'Phone', text: 'Text message' };
