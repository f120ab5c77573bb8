import { page, type RouteDef } from '../../app/route-def.ts';

const common = { module: 'MD-0025', restrictModule: true } as const;

/**
 * The news area's named routes (reference name `news`): the partners' published posts and the account's own posts,
 * one tab each, and one post's page.
 */
export const newsRoutes: RouteDef[] = [
  {
    ...common,
    name: 'news',
    navOrder: 110,
    path: '/news/:tab?',
    title: 'News',
    tabs: [
      { id: 'feed', label: 'News' },
      { id: 'ours', label: 'Our posts' },
    ],
    component: page(() => import('./NewsPage.tsx')),
  },
  {
    ...common,
    name: 'news.details',
    path: '/news/posts/:id',
    title: 'News post',
    parent: 'news',
    back: 'news',
    hideInNavMenu: true,
    component: page(() => import('./NewsPostPage.tsx')),
  },
];
