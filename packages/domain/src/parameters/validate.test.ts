import { describe, expect, it } from 'vitest';
import { validateParameterValue, validateParameterValues } from './validate.ts';
import type { ParamError, ParamValue, ParameterConstraints, ParameterLike } from './types.ts';

const choices = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];
const P = (
  type: string,
  constraints: ParameterConstraints = {},
  extra: Partial<ParameterLike> = {},
): ParameterLike => ({ name: 'p', type, constraints, ...extra });
const V = (value: string | null): ParamValue => ({ value });
const S = (structured_value: unknown): ParamValue => ({ structured_value });
const req = { required: true };

type Row = [label: string, parameter: ParameterLike, value: ParamValue | undefined, expected: ParamError | null];

const cases: Row[] = [
  // text
  ['text optional empty', P('text'), undefined, null],
  ['text required empty', P('text', req), V(''), { value_error: 'This field is required' }],
  ['text required blank', P('text', req), V('   '), { value_error: 'This field is required' }],
  ['text required filled', P('text', req), V('hello'), null],
  ['text min_length', P('text', { min_length: 4 }), V('abc'), { value_error: 'Input must be at least 4 characters' }],
  ['text max_length', P('text', { max_length: 5 }), V('abcdef'), { value_error: 'Input must be at most 5 characters' }],
  ['text within bounds', P('text', { min_length: 2, max_length: 5 }), V('abc'), null],
  ['untyped counts as text', P(undefined as never, req), V(''), { value_error: 'This field is required' }],
  // email
  ['email valid', P('email', req), V('user@example.com'), null],
  ['email invalid', P('email'), V('user@'), { value_error: 'E-mail must be valid' }],
  ['email required', P('email', req), V(null), { value_error: 'This field is required' }],
  [
    'email max_length',
    P('email', { max_length: 10 }),
    V('someone@example.com'),
    { value_error: 'Input must be at most 10 characters' },
  ],
  // domain / url
  ['domain valid', P('domain'), V('example.com'), null],
  ['domain invalid', P('domain'), V('example'), { value_error: 'Wrong Domain format' }],
  ['domain required', P('domain', req), V(''), { value_error: 'This field is required' }],
  ['url valid', P('url'), V('https://example.com/x'), null],
  ['url invalid', P('url'), V('example.com'), { value_error: 'Wrong URL format' }],
  ['url required', P('url', req), undefined, { value_error: 'This field is required' }],
  // password
  ['password required', P('password', req), V(''), { value_error: 'This field is required' }],
  [
    'password too short',
    P('password', { min_length: 8 }),
    V('abc'),
    { value_error: 'Password must be at least 8 characters' },
  ],
  [
    'password too long',
    P('password', { max_length: 4 }),
    V('abcdef'),
    { value_error: 'Password must be at most 4 characters' },
  ],
  ['password ok', P('password', { min_length: 3, max_length: 6 }), V('abcd'), null],
  // object
  ['object valid JSON', P('object', req), V('{"a":1}'), null],
  ['object invalid JSON', P('object'), V('{a:1}'), { value_error: 'Input should be valid JSON' }],
  ['object required empty', P('object', req), V(''), { value_error: 'JSON can not be empty' }],
  ['object required empty structured', P('object', req), S({}), { value_error: 'JSON can not be empty' }],
  ['object structured value', P('object', req), S({ a: 1 }), null],
  ['object optional empty', P('object'), undefined, null],
  // choice / dropdown
  ['choice valid', P('choice', { ...req, choices }), V('a'), null],
  ['choice unknown', P('choice', { choices }), V('z'), { value_error: 'Select a valid choice' }],
  ['choice required', P('choice', { ...req, choices }), V(''), { value_error: 'This field is required' }],
  ['dropdown valid', P('dropdown', { choices }), V('b'), null],
  ['dropdown unknown', P('dropdown', { choices }), V('c'), { value_error: 'Select a valid choice' }],
  ['dropdown required', P('dropdown', { ...req, choices }), undefined, { value_error: 'This field is required' }],
  ['dropdown meta.choices', P('dropdown', { meta: { choices } }), V('a'), null],
  // checkbox
  ['checkbox one checked', P('checkbox', { ...req, choices }), S({ a: true, b: false }), null],
  [
    'checkbox required none checked',
    P('checkbox', { ...req, choices }),
    S({ a: false }),
    { value_error: 'This field is required' },
  ],
  [
    'checkbox required missing',
    P('checkbox', { ...req, choices }),
    undefined,
    { value_error: 'This field is required' },
  ],
  ['checkbox optional none', P('checkbox', { choices }), S({}), null],
  [
    'checkbox unknown option',
    P('checkbox', { choices }),
    S({ z: true }),
    { value_error: 'Select a valid choice', structured_error: { z: 'Select a valid choice' } },
  ],
  [
    'checkbox non-boolean',
    P('checkbox', { choices }),
    S({ a: 'yes' }),
    { value_error: 'Select a valid choice', structured_error: { a: 'Select a valid choice' } },
  ],
  ['checkbox JSON in value', P('checkbox', { ...req, choices }), V('{"b":true}'), null],
  ['checkbox not a map', P('checkbox', { choices }), S('a'), { value_error: 'Select a valid choice' }],
  ['checkbox invalid JSON in value', P('checkbox', { choices }), V('{nope'), { value_error: 'Select a valid choice' }],
  // subdomain
  [
    'subdomain valid',
    P('subdomain', { ...req, choices: [{ value: 'example.com', label: 'example.com' }] }),
    S({ value: 'shop', choice: 'example.com' }),
    null,
  ],
  [
    'subdomain required needs its choice',
    P('subdomain', req),
    S({ value: 'shop' }),
    { value_error: 'This field is required', structured_error: { choice: 'This field is required' } },
  ],
  [
    'subdomain required empty',
    P('subdomain', req),
    undefined,
    {
      value_error: 'This field is required',
      structured_error: { value: 'This field is required', choice: 'This field is required' },
    },
  ],
  [
    'subdomain bad label',
    P('subdomain'),
    S({ value: '-bad-', choice: 'x.com' }),
    { value_error: 'Wrong Subdomain format', structured_error: { value: 'Wrong Subdomain format' } },
  ],
  [
    'subdomain plain value',
    P('subdomain'),
    V('shop_1'),
    { value_error: 'Wrong Subdomain format', structured_error: { value: 'Wrong Subdomain format' } },
  ],
  [
    'subdomain choice not offered',
    P('subdomain', { choices: [{ value: 'example.com', label: 'e' }] }),
    S({ value: 'shop', choice: 'other.com' }),
    { value_error: 'Select a valid choice', structured_error: { choice: 'Select a valid choice' } },
  ],
  ['subdomain optional empty', P('subdomain'), S({}), null],
  [
    'subdomain max_length',
    P('subdomain', { max_length: 3 }),
    S({ value: 'shop' }),
    {
      value_error: 'Input must be at most 3 characters',
      structured_error: { value: 'Input must be at most 3 characters' },
    },
  ],
  // phone
  ['phone valid US', P('phone', req), S({ country_code: '+1', area_code: '415', phone_number: '5552671' }), null],
  ['phone valid by ISO country', P('phone'), S({ country_code: 'GB', phone_number: '2071838750' }), null],
  ['phone default_country', P('phone', {}, { default_country: 'ES' }), S({ phone_number: '912345678' }), null],
  [
    'phone required empty',
    P('phone', req),
    S({}),
    { value_error: 'This field is required', structured_error: { phone_number: 'This field is required' } },
  ],
  ['phone optional empty', P('phone'), S({ country_code: '', phone_number: '' }), null],
  [
    'phone wrong for country',
    P('phone'),
    S({ country_code: '+1', phone_number: '123' }),
    { value_error: 'Format is not correct' },
  ],
  [
    'phone bad country code',
    P('phone'),
    S({ country_code: 'abc', phone_number: '4155552671' }),
    {
      value_error: 'Format is not correct for country code',
      structured_error: { country_code: 'Format is not correct for country code' },
    },
  ],
  [
    'phone bad area code',
    P('phone'),
    S({ country_code: '+1', area_code: 'x1', phone_number: '5552671' }),
    {
      value_error: 'Format is not correct for area code',
      structured_error: { area_code: 'Format is not correct for area code' },
    },
  ],
  [
    'phone bad number',
    P('phone'),
    S({ country_code: '+1', phone_number: 'abc' }),
    {
      value_error: 'Format is not correct for phone number',
      structured_error: { phone_number: 'Format is not correct for phone number' },
    },
  ],
  [
    'phone bad extension',
    P('phone'),
    S({ country_code: '+1', phone_number: '4155552671', extension: 'x' }),
    {
      value_error: 'Format is not correct for extension',
      structured_error: { extension: 'Format is not correct for extension' },
    },
  ],
  [
    'phone number missing',
    P('phone'),
    S({ country_code: '+1' }),
    { value_error: 'This field is required', structured_error: { phone_number: 'This field is required' } },
  ],
  ['phone E.164 text', P('phone'), V('+14155552671'), null],
  ['phone E.164 text invalid', P('phone'), V('+1123'), { value_error: 'Format is not correct' }],
  // address
  [
    'address complete',
    P('address', req),
    S({ address_line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' }),
    null,
  ],
  [
    'address required empty',
    P('address', req),
    undefined,
    {
      value_error: 'This field is required',
      structured_error: {
        address_line1: 'This field is required',
        city: 'This field is required',
        state: 'This field is required',
        postal_code: 'This field is required',
        country: 'This field is required',
      },
    },
  ],
  [
    'address partial',
    P('address'),
    S({ address_line1: '1 Main St', city: 'Springfield', state: 'IL', country: 'US' }),
    { value_error: 'This field is required', structured_error: { postal_code: 'This field is required' } },
  ],
  ['address optional empty', P('address'), S({ address_line2: '' }), null],
  // display types
  ['heading never validated', P('heading', req), undefined, null],
  ['content never validated', P('content', req), undefined, null],
];

describe('validateParameterValue: every type × constraint × message', () => {
  it.each(cases)('%s', (_label, parameter, value, expected) => {
    expect(validateParameterValue(parameter, value)).toEqual(expected);
  });
});

describe('validateParameterValues', () => {
  const params: ParameterLike[] = [
    {
      name: 'plan',
      type: 'checkbox',
      constraints: {
        choices: [
          { value: 'pro', label: 'Pro' },
          { value: 'basic', label: 'Basic' },
        ],
      },
    },
    {
      name: 'seats',
      type: 'text',
      constraints: { required: true, dependency: { parameter: { name: 'plan' }, values: ['pro'] } },
    },
    {
      name: 'notes',
      type: 'text',
      constraints: { required: true, dependency: { parameter: { name: 'plan' }, values: ['pro'], hidden: false } },
    },
    { name: 'secret', type: 'email', constraints: { hidden: true, required: true } },
    { name: 'contact', type: 'email', constraints: { required: true } },
  ];

  it('reports errors per parameter name and skips hidden parameters', () => {
    const r = validateParameterValues(params, { contact: { value: 'bad' }, secret: { value: 'also bad' } });
    expect(r).toEqual({ valid: false, errors: { contact: { value_error: 'E-mail must be valid' } } });
  });

  it('an unmet dependency hides the parameter (or, with hidden false, makes it optional)', () => {
    const r = validateParameterValues(params, {
      plan: { structured_value: { basic: true } },
      contact: { value: 'a@example.com' },
    });
    expect(r).toEqual({ valid: true, errors: {} });
  });

  it('a met dependency applies the constraints again', () => {
    const r = validateParameterValues(params, {
      plan: { structured_value: { pro: true } },
      contact: { value: 'a@example.com' },
    });
    expect(r.errors).toEqual({
      seats: { value_error: 'This field is required' },
      notes: { value_error: 'This field is required' },
    });
  });

  it('accepts a request-style list naming parameters by name or id', () => {
    const withIds = params.map((p, i) => ({ ...p, id: `PRM-000-000-000-000${i}` }));
    const r = validateParameterValues(withIds, [
      { id: 'plan', structured_value: { pro: true } },
      { id: 'PRM-000-000-000-0001', value: '5' },
      { name: 'notes', value: 'x' },
      { id: 'contact', value: 'a@example.com' },
    ]);
    expect(r).toEqual({ valid: true, errors: {} });
  });

  it('a dependency on a choice or dropdown is met by its value; on a hidden source never', () => {
    const ps: ParameterLike[] = [
      {
        name: 'tier',
        type: 'dropdown',
        constraints: {
          choices: [
            { value: 'gold', label: 'Gold' },
            { value: 'silver', label: 'Silver' },
          ],
        },
      },
      {
        name: 'vip',
        type: 'text',
        constraints: { required: true, dependency: { parameter: { name: 'tier' }, values: ['gold'] } },
      },
      { name: 'gated', type: 'choice', constraints: { hidden: true, choices: [{ value: 'y', label: 'Y' }] } },
      {
        name: 'never',
        type: 'text',
        constraints: { required: true, dependency: { parameter: { name: 'gated' }, values: [] } },
      },
    ];
    expect(validateParameterValues(ps, { tier: { value: 'gold' }, gated: { value: 'y' } }).errors).toEqual({
      vip: { value_error: 'This field is required' },
    });
    expect(validateParameterValues(ps, { tier: { value: 'silver' } }).valid).toBe(true);
  });

  it('met dependency can make an optional parameter required; a dependency cycle is never met', () => {
    const ps: ParameterLike[] = [
      { name: 'opt', type: 'checkbox', constraints: { choices: [{ value: 'on', label: 'On' }] } },
      {
        name: 'x',
        type: 'text',
        constraints: { dependency: { parameter: { name: 'opt' }, values: ['on'], required: true } },
      },
      {
        name: 'c1',
        type: 'choice',
        constraints: { required: true, choices: choices, dependency: { parameter: { name: 'c2' }, values: ['a'] } },
      },
      {
        name: 'c2',
        type: 'choice',
        constraints: { required: true, choices: choices, dependency: { parameter: { name: 'c1' }, values: ['a'] } },
      },
    ];
    expect(validateParameterValues(ps, { opt: { structured_value: { on: true } } }).errors).toEqual({
      x: { value_error: 'This field is required' },
    });
  });
});
