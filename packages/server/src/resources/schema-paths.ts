import type { z } from 'zod';

/** The schema under its wrappers (optional, nullable, default, pipe…). */
function unwrap(schema: z.ZodType): any {
  let def = (schema as any)._zod.def;
  for (;;) {
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type))
      def = def.innerType._zod.def;
    else if (def.type === 'pipe') def = def.in._zod.def;
    else if (def.type === 'lazy') def = def.getter()._zod.def;
    else return def;
  }
}

/**
 * Which steps of a dotted path into the declared object hold arrays (`asset.params.id`: `[false, true, false]`, the
 * params being a list): a filter on such a path matches any element. Undefined when the schema does not describe
 * the path.
 */
export function arraySteps(schema: z.ZodType, path: string[]): boolean[] | undefined {
  const steps: boolean[] = [];
  let def = unwrap(schema);
  for (const key of path) {
    if (def.type !== 'object' || !def.shape?.[key]) return undefined;
    def = unwrap(def.shape[key]);
    const array = def.type === 'array';
    steps.push(array);
    if (array) def = unwrap(def.element);
  }
  return steps;
}
