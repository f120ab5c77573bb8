import { z } from 'zod';

export const Ref = z.object({ id: z.string(), name: z.string().optional() });
/** Who did it; `impersonator` is the user (or API token) of a managing account who was logged in as `id`. */
export const Actor = z.object({
  id: z.string(),
  name: z.string(),
  impersonator: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type ActorRef = z.infer<typeof Actor>;
export const EventAt = z.object({
  at: z.string(),
  by: Actor.nullable().optional(),
});
export const Events = z.record(z.string(), EventAt);
