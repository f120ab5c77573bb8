/** Who did something, as events and audit records name it (`impersonator`: who was logged in as that user). */
export interface ActorLike {
  id?: string;
  name?: string;
  impersonator?: { id?: string; name?: string } | null;
}

/** "Rita Reseller", or "Rita Reseller (impersonated by Paul Provider)" for what was done in a "log in as" session. */
export function actorName(by: ActorLike | null | undefined): string {
  if (!by) return '';
  const name = by.name || by.id || '';
  const imp = by.impersonator;
  return imp ? `${name} (impersonated by ${imp.name || imp.id})` : name;
}
