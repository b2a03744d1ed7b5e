/** Query keys of the onboarding domain (one family). */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  invitation: (invitationId: string) => [...onboardingKeys.all, 'invitation', invitationId] as const,
};
