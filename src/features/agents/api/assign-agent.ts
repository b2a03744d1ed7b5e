import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useAssignmentMutation } from '@/features/agents/api/assignment-mutation';

export const assignAgentInputSchema = z.object({
  agentId: z.uuid(),
  /** The coordinator; omitted, the caller (a tc assigns only to themselves; a super admin names one). */
  tcId: z.uuid().optional(),
});
export type AssignAgentInput = z.infer<typeof assignAgentInputSchema>;

/** assign_agent(): 403 another coordinator's agent, 404 unknown agent or coordinator, 409 already yours. */
export async function assignAgent(input: AssignAgentInput): Promise<void> {
  const { agentId, tcId } = assignAgentInputSchema.parse(input);
  throwIfError(await supabase.rpc('assign_agent', tcId ? { agent_id: agentId, tc_id: tcId } : { agent_id: agentId }));
}

export function useAssignAgent() {
  return useAssignmentMutation(assignAgent, { success: 'Agent assigned', failure: 'Failed to assign agent.' });
}
