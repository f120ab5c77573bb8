import { z } from 'zod';
import {
  FEDERATED_NEEDS_INSTRUCTIONS,
  HELPDESK_MODES,
  HelpdeskSettingsUpdate,
  type HelpdeskSettings,
} from '@trellis/domain/identity/module-settings';

// The helpdesk settings form: the server's rules (identity/module-settings.ts) on what is sent, and the one the
// reference states for federated mode — partners are sent elsewhere, so the instructions must say where.

export const helpdeskSettingsPath = (accountId: string) => `/modules/helpdesk/accounts/${accountId}/settings`;

export const MODE_CHOICES: Record<(typeof HELPDESK_MODES)[number], { label: string; help: string }> = {
  builtin: {
    label: 'Built-in',
    help: 'Partners raise cases to your account here, and you answer them in each case’s conversation.',
  },
  federated: {
    label: 'Federated',
    help: 'Your support runs in a desk of your own; the instructions tell partners how to reach it.',
  },
};

export const SettingsForm = z
  .object({
    ttl: z.string().trim().regex(/^\d+$/, 'Enter a whole number of days (0 or more).'),
    mode: z.enum(HELPDESK_MODES),
    instructions: z.string(),
  })
  .superRefine((v, ctx) => {
    const ttl = HelpdeskSettingsUpdate.shape.ttl.safeParse(Number(v.ttl));
    if (/^\d+$/.test(v.ttl) && !ttl.success)
      ctx.addIssue({ code: 'custom', path: ['ttl'], message: ttl.error.issues[0].message });
    const instructions = HelpdeskSettingsUpdate.shape.instructions.safeParse(v.instructions);
    if (!instructions.success)
      ctx.addIssue({ code: 'custom', path: ['instructions'], message: instructions.error.issues[0].message });
    else if (v.mode === 'federated' && !v.instructions.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['instructions'],
        message: FEDERATED_NEEDS_INSTRUCTIONS,
      });
  });
export type SettingsForm = z.infer<typeof SettingsForm>;
export const SETTINGS_FIELDS = ['ttl', 'mode', 'instructions'] as const;

export const settingsValues = (s: HelpdeskSettings): SettingsForm => ({
  ttl: String(s.ttl),
  mode: s.mode,
  instructions: s.instructions ?? '',
});

export const settingsBody = (v: SettingsForm) => ({
  ttl: Number(v.ttl),
  mode: v.mode,
  instructions: v.instructions.trim(),
});
