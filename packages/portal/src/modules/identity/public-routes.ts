import { page, type RouteDef } from '../../app/route-def.ts';

/** The identity area's pages for people not signed in (app/public-routes.ts; also part of identityRoutes). */
export const identityPublicRoutes: RouteDef[] = [
  {
    name: 'login',
    path: '/login',
    title: 'Log in',
    public: true,
    hideInNavMenu: true,
    hideInPermissionsList: true,
    component: page(() => import('./auth/LoginPage.tsx')),
  },
  {
    name: 'redirect',
    path: '/redirect',
    title: 'Single sign-on',
    public: true,
    hideInNavMenu: true,
    hideInPermissionsList: true,
    component: page(() => import('./auth/RedirectPage.tsx')),
  },
  {
    name: 'password.set',
    path: '/password/set',
    title: 'Set password',
    public: true,
    hideInNavMenu: true,
    hideInPermissionsList: true,
    component: page(() => import('./auth/PasswordSetPage.tsx')),
  },
  {
    name: 'signup',
    path: '/signup',
    title: 'Open an account',
    public: true,
    hideInNavMenu: true,
    hideInPermissionsList: true,
    component: page(() => import('./auth/SignUpPage.tsx')),
  },
  {
    name: 'email.confirm',
    path: '/email/confirm',
    title: 'Confirm e-mail address',
    public: true,
    hideInNavMenu: true,
    hideInPermissionsList: true,
    component: page(() => import('./auth/EmailConfirmPage.tsx')),
  },
  {
    name: 'password.restore',
    path: '/password/restore',
    title: 'Restore password',
    public: true,
    hideInNavMenu: true,
    hideInPermissionsList: true,
    component: page(() => import('./auth/PasswordRestorePage.tsx')),
  },
];
