/** TanStack Query keys of the AI domain (one factory, so invalidations match what screens cache). */
export const aiKeys = {
  all: ['ai'] as const,
  status: ['ai', 'status'] as const,
  conversations: ['ai', 'conversations'] as const,
  descriptions: ['ai', 'descriptions'] as const,
  workflow: ['ai', 'workflow'] as const,
  workflowStats: (agentId: string | null) => ['ai', 'workflow', 'stats', agentId ?? 'all'] as const,
  workflowInsights: (agentId: string | null) => ['ai', 'workflow', 'insights', agentId ?? 'all'] as const,
  workflowPatterns: (agentId: string | null) => ['ai', 'workflow', 'patterns', agentId ?? 'all'] as const,
  /** One account's AI chat history (under aiKeys.conversations). */
  conversation: (userId: string) => ['ai', 'conversations', userId] as const,
};
