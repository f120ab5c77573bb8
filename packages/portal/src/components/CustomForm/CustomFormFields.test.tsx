import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormSchema } from '@trellis/domain/parameters/form-schema';
import { EMAIL, REQUIRED } from '@trellis/domain/validation/messages';
import { portalTheme } from '../../app/theme.ts';
import { CustomFormFields, useCustomForm } from './index.ts';

afterEach(cleanup);

const SCHEMA: FormSchema = {
  fields: [
    { name: 'company', title: 'Your company', type: 'heading' },
    {
      name: 'registration_number',
      title: 'Company registration number',
      type: 'text',
      hint: 'As in the commercial register.',
      constraints: { required: true },
    },
    { name: 'support_email', title: 'Support e-mail', type: 'email', constraints: { required: true } },
    {
      name: 'regions',
      title: 'Regions served',
      type: 'checkbox',
      constraints: {
        choices: [
          { value: 'emea', label: 'EMEA' },
          { value: 'na', label: 'North America' },
        ],
      },
    },
  ],
};

/** An enroll-like dialog body: the form, and a Send that checks it first. */
function Enroll({ schema = SCHEMA }: { schema?: FormSchema }) {
  const form = useCustomForm(schema);
  const [sent, setSent] = useState<unknown>(null);
  return (
    <ThemeProvider theme={portalTheme()}>
      <CustomFormFields {...form.fields} />
      <button type="button" onClick={() => form.check() && setSent(form.values)}>
        Send
      </button>
      {sent !== null && <pre data-testid="sent">{JSON.stringify(sent)}</pre>}
    </ThemeProvider>
  );
}

const field = (name: string) => within(document.querySelector(`[data-parameter-field="${name}"]`) as HTMLElement);
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('CustomFormFields', () => {
  it('shows the form with its heading and hints, and the shared messages on the fields that fail', () => {
    render(<Enroll />);
    expect(screen.getByText('Your company')).toBeTruthy();
    expect(field('registration_number').getByText('As in the commercial register.')).toBeTruthy();
    send();
    expect(field('registration_number').getByText(REQUIRED)).toBeTruthy();
    expect(field('support_email').getByText(REQUIRED)).toBeTruthy();
    expect(screen.queryByTestId('sent')).toBeNull();

    fireEvent.change(field('support_email').getByRole('textbox'), { target: { value: 'help@' } });
    // a changed field loses its message until the next check
    expect(field('support_email').queryByText(REQUIRED)).toBeNull();
    send();
    expect(field('support_email').getByText(EMAIL)).toBeTruthy();
  });

  it('sends the answers keyed by field name once they pass', () => {
    render(<Enroll />);
    fireEvent.change(field('registration_number').getByRole('textbox'), { target: { value: 'HRB 12345' } });
    fireEvent.change(field('support_email').getByRole('textbox'), { target: { value: 'help@example.com' } });
    fireEvent.click(field('regions').getByRole('checkbox', { name: 'EMEA' }));
    send();
    const sent = JSON.parse(screen.getByTestId('sent').textContent!);
    expect(sent.registration_number.value).toBe('HRB 12345');
    expect(sent.support_email.value).toBe('help@example.com');
    expect(sent.regions).toBeTruthy();
  });

  it('shows errors given from outside (a refused submit) and can be read-only', () => {
    render(
      <ThemeProvider theme={portalTheme()}>
        <CustomFormFields
          schema={SCHEMA}
          values={{ support_email: { value: 'help@example.com' } }}
          onChange={() => {}}
          errors={{ support_email: { value_error: 'Already used by another vendor' } }}
          readOnly
        />
      </ThemeProvider>,
    );
    expect(field('support_email').getByText('Already used by another vendor')).toBeTruthy();
    expect((field('support_email').getByRole('textbox') as HTMLInputElement).disabled).toBe(true);
  });
});
