import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormSchema } from '@trellis/domain/parameters/form-schema';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { portalTheme } from '../../app/theme.ts';
import { FormBuilder } from './index.ts';

afterEach(cleanup);

let latest: FormSchema = { fields: [] };
function Harness({ initial }: { initial: FormSchema }) {
  const [schema, setSchema] = useState(initial);
  latest = schema;
  return (
    <ThemeProvider theme={portalTheme()}>
      <FormBuilder value={schema} onChange={setSchema} />
    </ThemeProvider>
  );
}

const EMAIL_FIELD = {
  name: 'support_email',
  title: 'Support e-mail',
  type: 'email' as const,
  position: 0,
  constraints: { required: true },
};
const REGIONS = {
  name: 'regions',
  title: 'Regions served',
  type: 'checkbox' as const,
  position: 1,
  constraints: { choices: [{ value: 'emea', label: 'EMEA' }] },
};

const dialog = () => within(screen.getByRole('dialog'));
const fieldsList = () => within(screen.getByRole('region', { name: 'Fields' }));
const preview = () => within(screen.getByRole('region', { name: 'Preview' }));
const names = () => latest.fields.map((f) => f.name);

describe('FormBuilder', () => {
  it('adds a field with the parameter editor, checked with the shared definition rules first', async () => {
    render(<Harness initial={{ fields: [EMAIL_FIELD] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    // the form's editor has no scope and no catalogue-only switches
    expect(dialog().queryByLabelText('Scope')).toBeNull();
    expect(dialog().queryByLabelText('Reconciliation')).toBeNull();
    fireEvent.click(dialog().getByRole('button', { name: 'Add' }));
    expect(dialog().getAllByText(REQUIRED).length).toBeGreaterThan(0);

    fireEvent.change(dialog().getByLabelText(/^Name/), { target: { value: 'support_email' } });
    fireEvent.change(dialog().getByLabelText(/^Title/), { target: { value: 'Plan' } });
    fireEvent.change(dialog().getByLabelText('Type'), { target: { value: 'choice' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Add' }));
    expect(dialog().getByText("Field 1 is already named 'support_email'; names must be unique.")).toBeTruthy();
    expect(dialog().getByText('At least one choice is required for a choice parameter.')).toBeTruthy();

    fireEvent.change(dialog().getByLabelText(/^Name/), { target: { value: 'plan' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Add choice' }));
    fireEvent.change(dialog().getByLabelText('Choice 1 value'), { target: { value: 'gold' } });
    fireEvent.change(dialog().getByLabelText('Choice 1 label'), { target: { value: 'Gold' } });
    fireEvent.click(dialog().getByRole('switch', { name: 'Required' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(latest.fields[1]).toEqual({
      name: 'plan',
      title: 'Plan',
      type: 'choice',
      position: 1,
      constraints: { required: true, choices: [{ value: 'gold', label: 'Gold' }] },
    });
    // the live preview shows the new field at once
    expect(preview().getByText('Gold')).toBeTruthy();
  });

  it('edits, reorders and removes fields, and the preview validates with the shared messages', async () => {
    render(<Harness initial={{ fields: [EMAIL_FIELD, REGIONS] }} />);
    fireEvent.click(fieldsList().getByRole('button', { name: 'Move Regions served up' }));
    expect(names()).toEqual(['regions', 'support_email']);
    expect(latest.fields.map((f) => f.position)).toEqual([0, 1]);

    fireEvent.click(fieldsList().getByRole('button', { name: 'Edit Support e-mail' }));
    expect((dialog().getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(dialog().getByLabelText(/^Title/), { target: { value: 'Help desk e-mail' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(latest.fields[1]).toMatchObject({ name: 'support_email', title: 'Help desk e-mail' });

    fireEvent.click(preview().getByRole('button', { name: 'Validate' }));
    expect(preview().getByText(REQUIRED)).toBeTruthy();
    expect(preview().getByText('1 field needs attention.')).toBeTruthy();

    fireEvent.click(fieldsList().getByRole('button', { name: 'Remove Regions served' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(names()).toEqual(['support_email']));
    expect(latest.fields[0].position).toBe(0);
  });

  it('removing a field others depend on drops their condition, as the dialog says', async () => {
    const note = {
      name: 'emea_note',
      title: 'EMEA note',
      type: 'text' as const,
      position: 2,
      constraints: { dependency: { parameter: { name: 'regions' }, values: ['emea'] } },
    };
    render(<Harness initial={{ fields: [EMAIL_FIELD, REGIONS, note] }} />);
    fireEvent.click(fieldsList().getByRole('button', { name: 'Remove Regions served' }));
    expect(dialog().getByText(/EMEA note depends on it/)).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(names()).toEqual(['support_email', 'emea_note']));
    expect(latest.fields[1].constraints).toEqual({});
  });
});
