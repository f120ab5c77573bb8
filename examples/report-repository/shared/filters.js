// RQL for a checkbox parameter: all statuses when none are chosen.
export function statusFilter(value) {
  if (!value || value.all || !value.choices?.length) return '';
  return `in(status,(${value.choices.map(encodeURIComponent).join(',')}))`;
}
