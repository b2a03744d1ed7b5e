import type { CurrentUser } from '@/hooks/use-current-user';
import type { Listing } from '@/features/listing-detail/api/get-listing';

type Viewer = Pick<CurrentUser, 'id' | 'role' | 'originalRole'>;

const superAdmin = (user: Viewer) => user.role === 'super_admin' || user.originalRole === 'super_admin';

/**
 * What the screen offers (spec part 1 §6). The database enforces the same
 * rules (RLS, set_listing_status, respond_to_task…); these only decide which
 * controls appear, so nobody is offered an action that would be refused.
 */
export const can = {
  changeStatus: (user: Viewer) => user.role === 'tc',
  deleteListing: (user: Viewer, listing: Pick<Listing, 'agent_id' | 'tc_id'>) =>
    superAdmin(user) || (user.role === 'tc' && user.id === listing.tc_id) || (user.role === 'agent' && user.id === listing.agent_id),
  manageTasks: (user: Viewer) => user.role === 'tc',
  respondToTasks: (user: Viewer) => user.role === 'agent',
  seeSmartReminders: (user: Viewer) => user.role === 'tc' || user.role === 'super_admin',
  useVoiceTools: (user: Viewer) => ['tc', 'agent', 'super_admin'].includes(user.role),
  editPhotos: (user: Viewer, listing: Pick<Listing, 'agent_id'>) => superAdmin(user) || user.id === listing.agent_id,
};
