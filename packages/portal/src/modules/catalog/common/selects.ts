/** A select whose empty option ('' = none) shows its label ("None", "No group") instead of a blank box. */
export const EMPTY_SELECT = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
