/** A date input's value (YYYY-MM-DD) as the end of that day in the user's time zone, in ISO form with an offset. */
export function endOfDayIso(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

/** Tomorrow as YYYY-MM-DD (the earliest date a picker offers: the server wants a future date). */
export function tomorrow(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
