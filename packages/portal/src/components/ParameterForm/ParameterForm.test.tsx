import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { validateParameterValues } from '@trellis/domain/parameters/validate';
import type { ParamError } from '@trellis/domain/parameters/types';
import { portalTheme } from '../../app/theme.ts';
import { ParameterForm, type FormParameter, type ParamValues } from './index.ts';

afterEach(cleanup);

/** The form with its values in state and a Validate button running the shared validator, as the preview does. */
function Harness({
  parameters,
  initial = {},
  readOnly,
}: {
  parameters: FormParameter[];
  initial?: ParamValues;
  readOnly?: boolean;
}) {
  const [values, setValues] = useState<ParamValues>(initial);
  const [errors, setErrors] = useState<Record<string, ParamError>>({});
  const [valid, setValid] = useState<boolean | null>(null);
  return (
    <ThemeProvider theme={portalTheme()}>
      <ParameterForm parameters={parameters} values={values} onChange={setValues} errors={errors} readOnly={readOnly} />
      <button
        type="button"
        onClick={() => {
          const r = validateParameterValues(parameters, values);
          setErrors(r.errors);
          setValid(r.valid);
        }}
      >
        Validate
      </button>
      {valid !== null && <p>{valid ? 'Valid' : 'Invalid'}</p>}
    </ThemeProvider>
  );
}

const P = (
  name: string,
  type: string,
  constraints: FormParameter['constraints'] = {},
  extra: Partial<FormParameter> = {},
): FormParameter => ({ name, title: name.charAt(0).toUpperCase() + name.slice(1), type, constraints, ...extra });
const choices = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
];

const fieldOf = (name: string) => {
  const el = document.querySelector(`[data-parameter-field="${name}"]`);
  if (!el) throw new Error(`no field ${name}`);
  return within(el as HTMLElement);
};
const validate = () => fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const input = (name: string) => fieldOf(name).getByRole('textbox');

describe('ParameterForm: every type shows the validator messages, then accepts valid values', () => {
  it('text: required, then min length, then valid; hint and placeholder shown', () => {
    render(
      <Harness
        parameters={[
          P('company', 'text', { required: true, min_length: 3 }, { hint: 'As registered', placeholder: 'ACME' }),
        ]}
      />,
    );
    expect(fieldOf('company').getByText('As registered')).toBeTruthy();
    expect(input('company').getAttribute('placeholder')).toBe('ACME');
    validate();
    expect(fieldOf('company').getByText('This field is required')).toBeTruthy();
    type(input('company'), 'ab');
    validate();
    expect(fieldOf('company').getByText('Input must be at least 3 characters')).toBeTruthy();
    type(input('company'), 'abc');
    validate();
    expect(fieldOf('company').queryByText(/Input must/)).toBeNull();
    expect(screen.getByText('Valid')).toBeTruthy();
  });

  it.each([
    ['email', 'someone@', 'E-mail must be valid', 'someone@example.com'],
    ['domain', 'example', 'Wrong Domain format', 'example.com'],
    ['url', 'example.com', 'Wrong URL format', 'https://example.com'],
    ['object', '{a:1}', 'Input should be valid JSON', '{"a":1}'],
  ])('%s: "%s" gives "%s"', (kind, bad, message, good) => {
    render(<Harness parameters={[P('f', kind)]} />);
    type(input('f'), bad);
    validate();
    expect(fieldOf('f').getByText(message)).toBeTruthy();
    type(input('f'), good);
    validate();
    expect(fieldOf('f').queryByText(message)).toBeNull();
    expect(screen.getByText('Valid')).toBeTruthy();
  });

  it('object: a required empty JSON says so', () => {
    render(<Harness parameters={[P('settings', 'object', { required: true })]} />);
    validate();
    expect(fieldOf('settings').getByText('JSON can not be empty')).toBeTruthy();
  });

  it('password: length bounds from the constraints', () => {
    const { container } = render(<Harness parameters={[P('secret', 'password', { min_length: 8, max_length: 12 })]} />);
    const box = container.querySelector('input[type="password"]') as HTMLInputElement;
    type(box, 'abc');
    validate();
    expect(fieldOf('secret').getByText('Password must be at least 8 characters')).toBeTruthy();
    type(box, 'abcdefghijklmn');
    validate();
    expect(fieldOf('secret').getByText('Password must be at most 12 characters')).toBeTruthy();
    type(box, 'abcdefghij');
    validate();
    expect(screen.getByText('Valid')).toBeTruthy();
  });

  it('subdomain: the label format and the required choice, each on its own part', () => {
    render(
      <Harness
        parameters={[
          P('site', 'subdomain', { required: true, choices: [{ value: 'example.com', label: 'example.com' }] }),
        ]}
      />,
    );
    const site = fieldOf('site');
    type(site.getByLabelText(/^Subdomain/), '-bad-');
    validate();
    expect(site.getByText('Wrong Subdomain format')).toBeTruthy();
    expect(site.getByText('This field is required')).toBeTruthy();
    type(site.getByLabelText(/^Subdomain/), 'shop');
    fireEvent.change(site.getByLabelText(/^Domain/), { target: { value: 'example.com' } });
    validate();
    expect(site.queryByText('Wrong Subdomain format')).toBeNull();
    expect(screen.getByText('Valid')).toBeTruthy();
  });

  it('phone: validated by country, per part and as a whole', () => {
    render(<Harness parameters={[P('mobile', 'phone', { required: true }, { default_country: 'US' })]} />);
    const phone = fieldOf('mobile');
    expect((phone.getByLabelText(/^Country code/) as HTMLSelectElement).value).toBe('US');
    validate();
    expect(phone.getByText('This field is required')).toBeTruthy();
    type(phone.getByLabelText(/^Phone number/), '123');
    validate();
    expect(phone.getByText('Format is not correct')).toBeTruthy();
    type(phone.getByLabelText(/^Area code/), 'x1');
    validate();
    expect(phone.getByText('Format is not correct for area code')).toBeTruthy();
    type(phone.getByLabelText(/^Area code/), '415');
    type(phone.getByLabelText(/^Phone number/), '5552671');
    validate();
    expect(phone.queryByText(/Format is not correct/)).toBeNull();
    expect(screen.getByText('Valid')).toBeTruthy();
  });

  it('address: each missing part of a required address is marked, then a full one passes', () => {
    render(<Harness parameters={[P('billing', 'address', { required: true })]} />);
    const address = fieldOf('billing');
    validate();
    expect(address.getAllByText('This field is required')).toHaveLength(5);
    type(address.getByLabelText(/^Address line 1/), '1 Main St');
    type(address.getByLabelText(/^City/), 'Springfield');
    type(address.getByLabelText(/^State/), 'IL');
    type(address.getByLabelText(/^Postal code/), '62701');
    validate();
    expect(address.getAllByText('This field is required')).toHaveLength(1);
    fireEvent.change(address.getByLabelText(/^Country/), { target: { value: 'US' } });
    validate();
    expect(address.queryByText('This field is required')).toBeNull();
    expect(screen.getByText('Valid')).toBeTruthy();
  });

  it('checkbox: a required one needs an option checked', () => {
    render(<Harness parameters={[P('addons', 'checkbox', { required: true, choices })]} />);
    validate();
    expect(fieldOf('addons').getByText('This field is required')).toBeTruthy();
    fireEvent.click(fieldOf('addons').getByLabelText('Beta'));
    validate();
    expect(fieldOf('addons').queryByText('This field is required')).toBeNull();
    expect(screen.getByText('Valid')).toBeTruthy();
  });

  it('choice (radio) and dropdown (select): required until one is picked', () => {
    render(
      <Harness
        parameters={[
          P('plan', 'choice', { required: true, choices }),
          P('region', 'dropdown', { required: true, choices }),
        ]}
      />,
    );
    validate();
    expect(fieldOf('plan').getByText('This field is required')).toBeTruthy();
    expect(fieldOf('region').getByText('This field is required')).toBeTruthy();
    fireEvent.click(fieldOf('plan').getByLabelText('Alpha'));
    fireEvent.change(fieldOf('region').getByRole('combobox'), { target: { value: 'b' } });
    validate();
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(screen.getByText('Valid')).toBeTruthy();
  });

  it('heading and content are display-only', () => {
    render(
      <Harness
        parameters={[
          P('intro', 'heading', {}, { title: 'Your company', description: 'Who buys' }),
          P('terms', 'content', { display_content: 'By ordering you accept the terms.' }, { title: '' }),
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your company' })).toBeTruthy();
    expect(screen.getByText('By ordering you accept the terms.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    validate();
    expect(screen.getByText('Valid')).toBeTruthy();
  });
});

describe('ParameterForm: constraints and dependencies', () => {
  const params = [
    P('plan', 'checkbox', {
      choices: [
        { value: 'pro', label: 'Pro' },
        { value: 'basic', label: 'Basic' },
      ],
    }),
    P('seats', 'text', { required: true, dependency: { parameter: { name: 'plan' }, values: ['pro'] } }),
    P('notes', 'text', { dependency: { parameter: { name: 'plan' }, values: ['pro'], hidden: false, required: true } }),
    P('internal', 'text', { hidden: true, required: true }),
    P('fixed', 'text', { readonly: true }, { default: 'x' }),
  ];

  it('a dependency shows its parameter while met and hides it (skipping its checks) when not', () => {
    render(<Harness parameters={params} />);
    expect(document.querySelector('[data-parameter-field="seats"]')).toBeNull();
    expect(document.querySelector('[data-parameter-field="internal"]')).toBeNull();
    // hidden: false keeps it shown but optional while unmet.
    expect(document.querySelector('[data-parameter-field="notes"]')).not.toBeNull();
    validate();
    expect(screen.getByText('Valid')).toBeTruthy();

    fireEvent.click(fieldOf('plan').getByLabelText('Pro'));
    expect(document.querySelector('[data-parameter-field="seats"]')).not.toBeNull();
    validate();
    expect(fieldOf('seats').getByText('This field is required')).toBeTruthy();
    expect(fieldOf('notes').getByText('This field is required')).toBeTruthy();

    fireEvent.click(fieldOf('plan').getByLabelText('Pro'));
    expect(document.querySelector('[data-parameter-field="seats"]')).toBeNull();
    validate();
    expect(screen.getByText('Valid')).toBeTruthy();
  });

  it('readonly parameters and a read-only form are disabled', () => {
    const { unmount } = render(<Harness parameters={params} initial={{ fixed: { value: 'x' } }} />);
    expect((input('fixed') as HTMLInputElement).disabled).toBe(true);
    expect((input('notes') as HTMLInputElement).disabled).toBe(false);
    unmount();
    render(<Harness parameters={params} readOnly />);
    expect((input('notes') as HTMLInputElement).disabled).toBe(true);
    expect((fieldOf('plan').getByLabelText('Pro') as HTMLInputElement).disabled).toBe(true);
  });
});
