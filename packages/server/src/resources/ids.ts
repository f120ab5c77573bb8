import { randomInt } from 'node:crypto';

/** Random id in the reference formats: newId('SU', 3, 3) → SU-123-456-789. */
export function newId(prefix: string, groups: number, digits: number): string {
  const parts = [prefix];
  for (let g = 0; g < groups; g++) parts.push(String(randomInt(0, 10 ** digits)).padStart(digits, '0'));
  return parts.join('-');
}

export const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';
