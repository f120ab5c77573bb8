import { timestamp } from '../../resources/table.ts';

type Stamped = { events: Record<string, { at: string } | undefined> };

/** The `updated_at` column of a catalogue table: the object's last update, or its creation. */
export const updatedAtColumn = () => timestamp((o: Stamped) => o.events.updated?.at ?? o.events.created?.at);
/** The `created_at` column: when the object was made. */
export const createdAtColumn = () => timestamp('events.created.at');
