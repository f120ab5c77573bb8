/** Leads: lead forms (attached to listings), lead records and the public embed that collects them. */
export * from './lead-form.ts';
export * from './lead-record.ts';
