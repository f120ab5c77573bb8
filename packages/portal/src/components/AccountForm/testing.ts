import { within } from '@testing-library/react';

// Test helpers for forms built on AccountForm (this component's tests and the customers screens').

export const COUNTRIES = [
  { id: 'AT', name: 'Austria', icon: null, prefix: '+43' },
  { id: 'CA', name: 'Canada', icon: null, prefix: '+1' },
  { id: 'DE', name: 'Germany', icon: null, prefix: '+49' },
  { id: 'CH', name: 'Switzerland', icon: null, prefix: '+41' },
  { id: 'US', name: 'United States of America', icon: null, prefix: '+1' },
];

/** The input of a labelled field ('Name' also matches the required 'Name *'). */
export function field(scope: HTMLElement, label: string): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return within(scope).getByLabelText(new RegExp(`^${escaped}\\s*\\*?$`)) as HTMLInputElement;
}

/** The message shown under a field (its accessible description), '' when none. */
export function messageOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => input.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** A valid account form, typed in. */
export const VALID = {
  Name: 'Northwind Traders',
  'External UID': 'northwind',
  'External ID': 'NW-1',
  'Tax ID': '',
  'Address line 1': 'Unter den Linden 1',
  'Address line 2': '',
  City: 'Berlin',
  'State / region': 'Berlin',
  'Postal code': '10117',
  'First name': 'Nina',
  'Last name': 'Wolf',
  'E-mail': 'nina@northwind.example',
  'Area code': '30',
  'Phone number': '12345678',
  Extension: '',
} as const;
