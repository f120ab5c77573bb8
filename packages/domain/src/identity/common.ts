import { z } from 'zod';

export const Ref = z.object({ id: z.string(), name: z.string().optional() });
export const EventAt = z.object({
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export const Events = z.record(z.string(), EventAt);
