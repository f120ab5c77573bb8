import { ruleResource } from '@trellis/domain/notifications/rule';
import { subscriptionResource } from '@trellis/domain/notifications/subscription';
import { pathTo } from '../../../app/routes.ts';
import { fillPath } from '../../../components/fillPath.ts';

/** The pages. */
export const subscriptionsPath = () => pathTo('settings.email', { tab: 'notifications' });
export const subscriptionPagePath = (id: string) => pathTo('settings.email.notifications.details', { id });

/** The API (under /public/v1). */
export const subscriptionApiPath = (id: string) => `${subscriptionResource.path}/${id}`;
export const previewContextApiPath = (id: string) => `${subscriptionApiPath(id)}/preview-context`;
export const rulesApiPath = (subscriptionId: string) => fillPath(ruleResource.path, { subscriptionId });
export const ruleApiPath = (subscriptionId: string, id: string) => `${rulesApiPath(subscriptionId)}/${id}`;
/** The caller's own say over the account's rules (one setting per rule). */
export const RULE_SETTINGS_API = '/notifications/subscriptions/-/rules/-/settings';
