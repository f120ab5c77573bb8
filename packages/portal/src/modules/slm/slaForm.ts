import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { SlaUpdate, type Sla } from '@trellis/domain/slm/sla';

// The form of one SLA settings card: enabled, and per objective whether it terminates and its three zones' days. It
// mirrors the PUT body (`slos.N.zones.M.days`), so the domain's rules (slm/sla.ts SlaUpdate) and the server's 400s
// name the form's own fields.

export const slaListPath = '/sla';
export const slaPath = (id: string) => `/sla/${id}`;

export interface SlaForm {
  active: boolean;
  slos: { id: string; terminate: boolean; zones: { days: string; zone: number }[] }[];
}

/** A day count as typed: a whole number, else NaN (which the domain refuses with its message). */
const daysOf = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed.trim()) : NaN);

export const slaValues = (sla: Sla): SlaForm => ({
  active: sla.active,
  slos: sla.slos.map((s) => ({
    id: s.id,
    terminate: s.terminate,
    zones: [...s.zones].sort((a, b) => a.zone - b.zone).map((z) => ({ days: String(z.days), zone: z.zone })),
  })),
});

/** The PUT body: every objective, `terminate` only where it has a final action. */
export const slaBody = (v: SlaForm, sla: Sla): SlaUpdate => ({
  active: v.active,
  slos: v.slos.map((s, i) => ({
    id: s.id,
    ...(sla.slos[i]?.final_action && { terminate: s.terminate }),
    zones: s.zones.map((z) => ({ days: daysOf(z.days), zone: z.zone })),
  })),
});

/** The form's rules are the update's: each issue lands on the field of the same path. */
export const slaFormSchema = (sla: Sla) =>
  z
    .object({
      active: z.boolean(),
      slos: z.array(
        z.object({
          id: z.string(),
          terminate: z.boolean(),
          zones: z.array(z.object({ days: z.string(), zone: z.number() })),
        }),
      ),
    })
    .superRefine((v, ctx) => {
      const parsed = SlaUpdate.safeParse(slaBody(v, sla));
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
    });

/** The form fields a server message may name, the most specific first (`slos.0.zones.1.days` before `slos.0.zones`). */
export const slaFields = (sla: Sla): Path<SlaForm>[] => [
  ...sla.slos.flatMap((_, i) => [0, 1, 2].map((j) => `slos.${i}.zones.${j}.days` as const)),
  ...sla.slos.flatMap((_, i) => [`slos.${i}.zones` as const, `slos.${i}.terminate` as const]),
  'active',
];

/** How many whole days a typed value stands for in the preview (0 while it is not a number). */
export const previewDays = (typed: string) => {
  const d = daysOf(typed);
  return Number.isFinite(d) ? d : 0;
};
