import { pathTo } from '../../app/routes.ts';

export const newsPath = (tab: 'feed' | 'ours' = 'feed') => pathTo('news', { tab });
export const newsPostPath = (id: string) => pathTo('news.details', { id });
