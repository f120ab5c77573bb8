import { pathTo } from '../../app/routes.ts';

export type HelpdeskTab = 'waiting' | 'mine' | 'theirs' | 'closed' | 'settings';

export const helpdeskPath = (tab: HelpdeskTab = 'waiting') => pathTo('helpdesk', { tab });
export const casePath = (id: string) => pathTo('helpdesk.cases.details', { id });
