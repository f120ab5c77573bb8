import { useQuery } from '@tanstack/react-query';
import type { NotificationRule } from '@trellis/domain/notifications/rule';
import { apiRequest } from '../../../api/client.ts';
import type { ApiError } from '../../../api/errors.ts';
import { ruleApiPath, subscriptionApiPath } from './paths.ts';

/**
 * What POST …/rules/{id}/preview (and send-test) answers besides the rule (server rule-routes.ts); a rule not saved
 * yet is previewed through its subscription (…/subscriptions/{id}/preview), which answers the preview alone.
 */
export interface RulePreviewAnswer extends Partial<NotificationRule> {
  preview: {
    /** The object rendered against; null when the account reads none of its kind yet. */
    object: { id: string; class: string } | null;
    subject: string;
    text: string;
    html: string;
  };
  /** send-test: the caller's address the test went to. */
  sent_to?: string;
}

export interface PreviewTemplate {
  subject: string;
  body: string;
}

/** The preview call of a saved rule with the template as typed (none: the rule's own). */
export const previewCall = (subscriptionId: string, ruleId: string, action: 'preview' | 'send-test') =>
  `${ruleApiPath(subscriptionId, ruleId)}/${action}`;

/** The preview call of a rule not saved yet: its template against the subscription's event. */
export const newRulePreviewCall = (subscriptionId: string) => `${subscriptionApiPath(subscriptionId)}/preview`;

/**
 * The server's rendering of a template (of a saved rule, or one being added) against the newest object of the
 * event's kind the account reads; not while `template` is incomplete (the API refuses an empty subject or body).
 */
export function useRulePreview(subscriptionId: string, ruleId: string | null, template: PreviewTemplate | undefined) {
  return useQuery<RulePreviewAnswer, ApiError>({
    queryKey: ['rule-preview', subscriptionId, ruleId, template],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<RulePreviewAnswer>(
          ruleId ? previewCall(subscriptionId, ruleId, 'preview') : newRulePreviewCall(subscriptionId),
          {
            method: 'POST',
            body: { template },
            signal,
          },
        )
      ).data,
    enabled: !!template,
    placeholderData: (prev) => prev,
    retry: false,
  });
}
