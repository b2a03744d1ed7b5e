import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useAssignmentMutation } from '@/features/agents/api/assignment-mutation';

export const unassignAgentInputSchema = z.object({ agentId: z.uuid() });
export type UnassignAgentInput = z.infer<typeof unassignAgentInputSchema>;

/** unassign_agent(): the agent's own coordinator or a super admin; 403 someone else's, 404 unknown. */
export async function unassignAgent(input: UnassignAgentInput): Promise<void> {
  const { agentId } = unassignAgentInputSchema.parse(input);
  throwIfError(await supabase.rpc('unassign_agent', { agent_id: agentId }));
}

export function useUnassignAgent() {
  return useAssignmentMutation(unassignAgent, { success: 'Agent unassigned', failure: 'Failed to unassign agent.' });
}
