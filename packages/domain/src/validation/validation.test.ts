import { describe, expect, it } from 'vitest';
import * as m from './messages.ts';
import * as r from './rules.ts';
import { fileSize } from './file-size.ts';
import { accountFormErrors, accountFormSchema } from './account-form.ts';
import { PASSWORD_COMMON, PASSWORD_PERSONAL, personalWords, validatePassword, zPassword } from './password.ts';
import { resolveRecaptchaSiteKey, resolveRegion, resolveTimezone, EMPTY_SITE_KEY } from './settings.ts';
import { withRule, zEmail, zItemQuantity, zPhone, zRequiredString } from './zod.ts';
import * as index from './index.ts';

describe('messages (spec §5, exact strings)', () => {
  it.each([
    [m.REQUIRED, 'This field is required'],
    [m.minLength(4), 'Input must be at least 4 characters'],
    [m.maxLength(64), 'Input must be at most 64 characters'],
    [m.EMAIL, 'E-mail must be valid'],
    [m.EMAILS, 'All E-mails must be valid'],
    [m.DOMAIN, 'Wrong Domain format'],
    [m.SUBDOMAIN, 'Wrong Subdomain format'],
    [m.URL_FORMAT, 'Wrong URL format'],
    [m.HTTPS_URL, 'Wrong URL protocol, "https" expected.'],
    [m.JSON_INVALID, 'Input should be valid JSON'],
    [m.JSON_REQUIRED, 'JSON can not be empty'],
    [m.IP, 'IP address is not valid'],
    [m.CRON, 'Cron expression is not valid'],
    [m.UUID, 'Wrong UUID format'],
    [m.differsFrom('abc'), 'Input must differ from the previously provided one - abc'],
    [m.FILE_TYPE, 'Wrong file format'],
    [m.passwordMaxLength(20), 'Password must be at most 20 characters'],
    [m.passwordMinLength(6), 'Password must be at least 6 characters'],
    [m.PHONE, 'Format is not correct'],
    [m.phoneField('area code'), 'Format is not correct for area code'],
    [m.ONLY_INTEGERS, 'Only integers are allowed'],
    [m.PASSWORD_LETTER_AND_DIGIT, 'Password must contain a letter and a digit'],
    [m.EMPTY_SITE_KEY, 'Empty site key is received'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

type Case = [value: unknown, expected: string | null];
const table = (name: string, rule: (v: never) => string | null, cases: Case[]) =>
  describe(name, () => {
    it.each(cases)('%j → %j', (value, expected) => {
      expect(rule(value as never)).toBe(expected);
    });
  });

table('required', r.required, [
  [undefined, 'This field is required'],
  [null, 'This field is required'],
  ['', 'This field is required'],
  ['   ', 'This field is required'],
  [[], 'This field is required'],
  [Number.NaN, 'This field is required'],
  ['x', null],
  [0, null],
  [false, null],
  [['a'], null],
]);

describe('minLength / maxLength', () => {
  it.each<[string | null, number, string | null]>([
    ['abc', 4, 'Input must be at least 4 characters'],
    ['abcd', 4, null],
    ['', 4, null],
    [null, 4, null],
    ['😀😀😀😀', 4, null],
  ])('minLength(%j, %i) → %j', (v, n, expected) => expect(r.minLength(v, n)).toBe(expected));
  it.each<[string | null, number, string | null]>([
    ['abcdef', 5, 'Input must be at most 5 characters'],
    ['abcde', 5, null],
    [null, 5, null],
  ])('maxLength(%j, %i) → %j', (v, n, expected) => expect(r.maxLength(v, n)).toBe(expected));
});

table('email', r.email, [
  ['user@example.com', null],
  ['first.last+tag@sub.example.co.uk', null],
  ['', null],
  ['user@', 'E-mail must be valid'],
  ['user@example', 'E-mail must be valid'],
  ['@example.com', 'E-mail must be valid'],
  ['user example@example.com', 'E-mail must be valid'],
  ['user@@example.com', 'E-mail must be valid'],
]);

table('emails', r.emails, [
  ['a@example.com', null],
  ['a@example.com, b@example.org;c@example.net  d@example.io', null],
  [['a@example.com', 'b@example.com'], null],
  ['a@example.com,,', null],
  ['', null],
  ['a@example.com, nope', 'All E-mails must be valid'],
  ['a@example.com;b@', 'All E-mails must be valid'],
  [['a@example.com', 'x'], 'All E-mails must be valid'],
]);

table('domain', r.domain, [
  ['example.com', null],
  ['sub.example.co.uk', null],
  ['my-site.example.org', null],
  ['xn--80ak6aa92e.com', null],
  ['пример.рф', null],
  ['', null],
  ['example', 'Wrong Domain format'],
  ['-example.com', 'Wrong Domain format'],
  ['example-.com', 'Wrong Domain format'],
  ['exa_mple.com', 'Wrong Domain format'],
  ['example..com', 'Wrong Domain format'],
  ['http://example.com', 'Wrong Domain format'],
  ['example.com/path', 'Wrong Domain format'],
  ['example.c', 'Wrong Domain format'],
  ['1.2.3.4', 'Wrong Domain format'],
  [`${'a'.repeat(64)}.com`, 'Wrong Domain format'],
]);

table('subdomain', r.subdomain, [
  ['shop', null],
  ['my-shop1', null],
  ['A1', null],
  ['a', null],
  ['', null],
  ['-shop', 'Wrong Subdomain format'],
  ['shop-', 'Wrong Subdomain format'],
  ['my_shop', 'Wrong Subdomain format'],
  ['my.shop', 'Wrong Subdomain format'],
  ['my shop', 'Wrong Subdomain format'],
  ['a'.repeat(64), 'Wrong Subdomain format'],
]);

describe('requiredSubdomain', () => {
  it('needs its choice', () => {
    expect(r.requiredSubdomain({ value: 'shop' })).toBe('This field is required');
    expect(r.requiredSubdomain(null)).toBe('This field is required');
    expect(r.requiredSubdomain({ choice: 'example.com', value: 'shop' })).toBeNull();
  });
});

table('url', r.url, [
  ['https://example.com', null],
  ['http://example.com/path?q=1#x', null],
  ['https://sub.example.co.uk:8443/a', null],
  ['http://localhost:3000', null],
  ['http://192.168.0.1/x', null],
  ['http://[::1]:8080/', null],
  ['', null],
  ['example.com', 'Wrong URL format'],
  ['ftp://example.com', 'Wrong URL format'],
  ['https://', 'Wrong URL format'],
  ['https://exa mple.com', 'Wrong URL format'],
  ['https://example', 'Wrong URL format'],
  ['javascript:alert(1)', 'Wrong URL format'],
  ['http:/example.com', 'Wrong URL format'],
]);

table('httpsUrl', r.httpsUrl, [
  ['https://example.com', null],
  ['HTTPS://EXAMPLE.COM/x', null],
  ['', null],
  ['http://example.com', 'Wrong URL protocol, "https" expected.'],
  ['ftp://example.com', 'Wrong URL protocol, "https" expected.'],
  ['not a url', 'Wrong URL format'],
  ['https://exa mple.com', 'Wrong URL format'],
]);

table('json', r.json, [
  ['{"a":1}', null],
  ['[1,2]', null],
  ['"text"', null],
  ['null', null],
  ['', null],
  [{ a: 1 }, null],
  ['{a:1}', 'Input should be valid JSON'],
  ['{"a":1,}', 'Input should be valid JSON'],
  ["{'a':1}", 'Input should be valid JSON'],
]);

table('requiredJson', r.requiredJson, [
  ['', 'JSON can not be empty'],
  ['  ', 'JSON can not be empty'],
  [null, 'JSON can not be empty'],
  [undefined, 'JSON can not be empty'],
  ['{', 'Input should be valid JSON'],
  ['{}', null],
]);

table('ip', r.ip, [
  ['192.168.1.1', null],
  ['0.0.0.0', null],
  ['255.255.255.255', null],
  ['::', null],
  ['::1', null],
  ['2001:db8::ff00:42:8329', null],
  ['2001:0db8:0000:0000:0000:ff00:0042:8329', null],
  ['::ffff:192.168.1.1', null],
  ['fe80::1', null],
  ['', null],
  ['256.1.1.1', 'IP address is not valid'],
  ['1.2.3', 'IP address is not valid'],
  ['01.2.3.4', 'IP address is not valid'],
  ['1.2.3.4.5', 'IP address is not valid'],
  ['2001:db8::g', 'IP address is not valid'],
  ['1::2::3', 'IP address is not valid'],
  ['1:2:3:4:5:6:7:8:9', 'IP address is not valid'],
  ['fe80::1%eth0', 'IP address is not valid'],
  ['example.com', 'IP address is not valid'],
]);

table('ip or range (access rules)', r.ipOrRange, [
  ['192.0.2.10', null],
  ['192.0.2.0/24', null],
  ['0.0.0.0/0', null],
  ['2001:db8::/32', null],
  ['::1/128', null],
  ['', null],
  ['192.0.2.0/33', 'IP address is not valid'],
  ['2001:db8::/129', 'IP address is not valid'],
  ['192.0.2.0/', 'IP address is not valid'],
  ['192.0.2.0/24/1', 'IP address is not valid'],
  ['192.0.2.0/x', 'IP address is not valid'],
  ['300.0.2.0/24', 'IP address is not valid'],
  ['example.com/24', 'IP address is not valid'],
]);

table('cron', r.cron, [
  ['* * * * *', null],
  ['*/5 * * * *', null],
  ['0 0 1 1 *', null],
  ['59 23 31 12 6', null],
  ['0 0 * * 7', null],
  ['0 9-17 * * 1-5', null],
  ['0,15,30,45 * * * *', null],
  ['1-30/5 * * * *', null],
  ['0 0 1 JAN MON', null],
  ['0 0 * jan-mar mon-fri', null],
  ['  0   0 * *  *  ', null],
  ['', null],
  ['* * * *', 'Cron expression is not valid'],
  ['* * * * * *', 'Cron expression is not valid'],
  ['60 * * * *', 'Cron expression is not valid'],
  ['* 24 * * *', 'Cron expression is not valid'],
  ['0 0 0 * *', 'Cron expression is not valid'],
  ['0 0 32 * *', 'Cron expression is not valid'],
  ['0 0 * 13 *', 'Cron expression is not valid'],
  ['0 0 * * 8', 'Cron expression is not valid'],
  ['*/0 * * * *', 'Cron expression is not valid'],
  ['5-1 * * * *', 'Cron expression is not valid'],
  ['0 0 * FOO *', 'Cron expression is not valid'],
  ['@daily', 'Cron expression is not valid'],
  ['a b c d e', 'Cron expression is not valid'],
]);

table('uuid', r.uuid, [
  ['123e4567-e89b-12d3-a456-426614174000', null],
  ['550E8400-E29B-41D4-A716-446655440000', null],
  ['00000000-0000-0000-0000-000000000000', null],
  ['', null],
  ['123e4567e89b12d3a456426614174000', 'Wrong UUID format'],
  ['123e4567-e89b-12d3-a456-42661417400', 'Wrong UUID format'],
  ['g23e4567-e89b-12d3-a456-426614174000', 'Wrong UUID format'],
  ['123e4567-e89b-02d3-a456-426614174000', 'Wrong UUID format'],
]);

describe('differsFrom', () => {
  it.each<[unknown, unknown, string | null]>([
    ['secret', 'secret', 'Input must differ from the previously provided one - secret'],
    ['new', 'secret', null],
    ['', 'secret', null],
    ['x', undefined, null],
    [42, '42', 'Input must differ from the previously provided one - 42'],
  ])('%j vs %j → %j', (v, prev, expected) => expect(r.differsFrom(v, prev)).toBe(expected));
});

describe('fileType', () => {
  it.each<[string | null, string[], string | null]>([
    ['usage.xlsx', ['.xlsx', '.csv'], null],
    ['USAGE.CSV', ['xlsx', 'csv'], null],
    ['archive.tar.gz', ['tar.gz'], null],
    [null, ['csv'], null],
    ['usage.pdf', ['.xlsx', '.csv'], 'Wrong file format'],
    ['usage', ['csv'], 'Wrong file format'],
    ['.csv', ['csv'], 'Wrong file format'],
    ['usagecsv', ['csv'], 'Wrong file format'],
  ])('%j in %j → %j', (name, exts, expected) => expect(r.fileType(name, exts)).toBe(expected));
});

describe('fileSize', () => {
  it.each<[number | null, number, string | null]>([
    [40 * 1024 * 1024, 40 * 1024 * 1024, null],
    [null, 1024, null],
    [40 * 1024 * 1024 + 1, 40 * 1024 * 1024, 'File is too large; the limit is 40 MB.'],
    [1537, 1536, 'File is too large; the limit is 1.5 KB.'],
  ])('%j bytes under %j → %j', (bytes, max, expected) => expect(fileSize(bytes, max)).toBe(expected));
});

describe('passwordLength', () => {
  it.each<[string, number | undefined, number | undefined, string | null]>([
    ['abc', 6, 20, 'Password must be at least 6 characters'],
    ['a'.repeat(21), 6, 20, 'Password must be at most 20 characters'],
    ['abcdef', 6, 20, null],
    ['a'.repeat(20), 6, 20, null],
    ['a', undefined, undefined, null],
    ['', 6, 20, null],
  ])('%j (%j..%j) → %j', (v, min, max, expected) => expect(r.passwordLength(v, min, max)).toBe(expected));
});

describe('phone (by country, libphonenumber-js max metadata)', () => {
  it.each<[r.PhoneValue | null, string | null]>([
    // valid US (calling code or ISO country), with extension
    [{ country_code: '+1', area_code: '201', phone_number: '555-0123', extension: '' }, null],
    [{ country_code: '1', area_code: '(212)', phone_number: '456 7890', extension: '42' }, null],
    [{ country_code: 'US', area_code: '201', phone_number: '5550123' }, null],
    // valid DE (with and without the trunk prefix)
    [{ country_code: '+49', area_code: '30', phone_number: '12345678' }, null],
    [{ country_code: '+49', area_code: '030', phone_number: '12345678' }, null],
    [{ country_code: 'DE', area_code: '', phone_number: '030 12345678' }, null],
    [{ country_code: '+49', phone_number: '15123456789' }, null],
    // the account form's `phone` key
    [{ country_code: '+1', area_code: '201', phone: '5550123' }, null],
    // empty is not this rule's concern
    [null, null],
    [{}, null],
    [{ country_code: '', area_code: '', phone_number: '', extension: '' }, null],
    // invalid numbers for their country
    [{ country_code: '+1', area_code: '201', phone_number: '12' }, 'Format is not correct'],
    [{ country_code: '+1', area_code: '011', phone_number: '5550123' }, 'Format is not correct'],
    [{ country_code: '+49', area_code: '30', phone_number: '1' }, 'Format is not correct'],
    [{ country_code: 'DE', area_code: '201', phone_number: '5550123999999' }, 'Format is not correct'],
    // missing / malformed part
    [{ country_code: '', area_code: '201', phone_number: '5550123' }, 'Format is not correct for country code'],
    [{ country_code: '+1a', area_code: '201', phone_number: '5550123' }, 'Format is not correct for country code'],
    [{ country_code: 'XX', area_code: '201', phone_number: '5550123' }, 'Format is not correct for country code'],
    [{ country_code: '+1', area_code: '2a1', phone_number: '5550123' }, 'Format is not correct for area code'],
    [{ country_code: '+1', area_code: '201', phone_number: '' }, 'Format is not correct for phone number'],
    [{ country_code: '+1', area_code: '201', phone_number: '555-CALL' }, 'Format is not correct for phone number'],
    [
      { country_code: '+1', area_code: '201', phone_number: '5550123', extension: 'x12' },
      'Format is not correct for extension',
    ],
  ])('%j → %j', (v, expected) => expect(r.phone(v)).toBe(expected));

  it('reports the part at fault', () => {
    expect(r.validatePhone({ country_code: '+1', area_code: 'ab', phone_number: '5550123' })).toEqual({
      message: 'Format is not correct for area code',
      field: 'area_code',
    });
    expect(r.validatePhone({ country_code: '+1', phone_number: '1' })).toEqual({ message: 'Format is not correct' });
  });
});

table('itemQuantity', r.itemQuantity, [
  ['', 'This field is required'],
  [null, 'This field is required'],
  [undefined, 'This field is required'],
  ['0', null],
  ['10', null],
  ['-1', null],
  [-1, null],
  [5, null],
  ['1.5', 'Only integers are allowed'],
  ['1e3', 'Only integers are allowed'],
  ['abc', 'Only integers are allowed'],
  ['-2', 'Only integers are allowed'],
  ['+3', 'Only integers are allowed'],
  [1.5, 'Only integers are allowed'],
  [-5, 'Only integers are allowed'],
]);

table('packageId', r.packageId, [
  ['com.example.app', null],
  ['org.my_company.app2', null],
  ['io.example-co.app', null],
  ['', null],
  ['com', 'Wrong Package ID format'],
  ['com.', 'Wrong Package ID format'],
  ['.com.example', 'Wrong Package ID format'],
  ['com..example', 'Wrong Package ID format'],
  ['com.1example', 'Wrong Package ID format'],
  ['com.example app', 'Wrong Package ID format'],
]);

table('hexColor', r.hexColor, [
  ['#fff', null],
  ['#1565C0', null],
  ['', null],
  ['fff', 'Wrong color format'],
  ['#ffff', 'Wrong color format'],
  ['#12345', 'Wrong color format'],
  ['#1234567', 'Wrong color format'],
  ['#ggg', 'Wrong color format'],
]);

table('accountName', r.accountName, [
  ['', 'This field is required'],
  [null, 'This field is required'],
  ['   ', 'This field is required'],
  ['abc', 'Input must be at least 4 characters'],
  [' abc ', 'Input must be at least 4 characters'],
  ['abcd', null],
  ['a'.repeat(64), null],
  ['a'.repeat(65), 'Input must be at most 64 characters'],
]);

describe('password policy', () => {
  it.each<[string | null, string | null]>([
    [null, 'This field is required'],
    ['', 'This field is required'],
    ['abc123', 'Password must be at least 8 characters'],
    [`a1${'x'.repeat(127)}`, 'Password must be at most 128 characters'],
    [`a1${'Correct-Horse-Battery-'.repeat(6).slice(0, 126)}`, null],
    ['abcdefgh', 'Password must contain a letter and a digit'],
    ['12345678', 'Password must contain a letter and a digit'],
    // too easy to guess (zxcvbn-ts): common passwords and their variants, keyboard runs, sequences
    ['passw0rd', PASSWORD_COMMON],
    ['password1', PASSWORD_COMMON],
    ['qwerty123', PASSWORD_COMMON],
    ['Password-1', PASSWORD_COMMON],
    ['abcdefg1', PASSWORD_COMMON],
    ['Trellis-demo-1', null],
    ['Secret-pass-1', null],
  ])('%j → %j', (v, expected) => expect(validatePassword(v)).toBe(expected));

  it("refuses a password made of the user's own name or e-mail", () => {
    const mine = personalWords('Ann Lee', 'ann.lee@acme-widgets.test');
    expect(validatePassword('ann.lee@acme-widgets.test1', mine)).toBe(PASSWORD_PERSONAL);
    expect(validatePassword('acmewidgets2024', mine)).toBe(PASSWORD_PERSONAL);
    expect(validatePassword('Trellis-demo-1', mine)).toBeNull();
  });

  it('zPassword issues the same messages', () => {
    expect(zPassword().safeParse('short1').error?.issues[0].message).toBe('Password must be at least 8 characters');
    expect(zPassword().safeParse(undefined).error?.issues[0].message).toBe('This field is required');
    expect(zPassword().safeParse('passw0rd').error?.issues[0].message).toBe(PASSWORD_COMMON);
    expect(zPassword().safeParse('Secret-pass-1').success).toBe(true);
  });
});

describe('zod helpers', () => {
  const first = (res: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
    res.error?.issues[0]?.message;
  it('zRequiredString', () => {
    expect(first(zRequiredString().safeParse(undefined))).toBe('This field is required');
    expect(first(zRequiredString().safeParse(''))).toBe('This field is required');
    expect(first(zRequiredString(r.domain).safeParse('nope'))).toBe('Wrong Domain format');
    expect(zRequiredString().safeParse('x').success).toBe(true);
  });
  it('zEmail', () => {
    expect(first(zEmail().safeParse('bad'))).toBe('E-mail must be valid');
    expect(first(zEmail().safeParse(''))).toBe('This field is required');
    expect(zEmail({ required: false }).safeParse('').success).toBe(true);
    expect(zEmail({ required: false }).safeParse(undefined).success).toBe(true);
  });
  it('withRule', async () => {
    const { z } = await import('zod');
    const s = withRule(z.string(), r.hexColor);
    expect(first(s.safeParse('#12'))).toBe('Wrong color format');
    expect(s.parse('#123')).toBe('#123');
  });
  it('zItemQuantity', () => {
    expect(first(zItemQuantity().safeParse('1.2'))).toBe('Only integers are allowed');
    expect(first(zItemQuantity().safeParse(undefined))).toBe('This field is required');
    expect(zItemQuantity().safeParse(-1).success).toBe(true);
  });
  it('zPhone places issues on the part', () => {
    const res = zPhone().safeParse({ country_code: '+1', area_code: 'x', phone_number: '5550123' });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['area_code', 'Format is not correct for area code'],
    ]);
    const missing = zPhone().safeParse({ country_code: '+1' });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phone_number', 'This field is required'],
    ]);
    expect(zPhone({ required: false }).safeParse({}).success).toBe(true);
  });
});

describe('account form schema', () => {
  const valid = {
    name: 'Acme Corp',
    external_id: '',
    external_uid: '5d6f6a7e-1111-4a2b-9c3d-123456789abc',
    tax_id: null,
    contact_info: {
      address_line1: '1 Main St',
      address_line2: '',
      city: 'Springfield',
      state: 'NJ',
      postal_code: '07081',
      country: 'US',
    },
    contact: {
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.com',
      phone_number: { phone: '5550123', area_code: '201', country_code: '+1', extension: '' },
    },
  };

  it('accepts a valid account', () => {
    expect(accountFormSchema.safeParse(valid).success).toBe(true);
    expect(accountFormErrors(valid)).toEqual({});
  });

  it('requires every §5 field on an empty form, with exact messages', () => {
    expect(accountFormErrors({})).toEqual({
      name: 'This field is required',
      external_uid: 'This field is required',
      'contact_info.address_line1': 'This field is required',
      'contact_info.city': 'This field is required',
      'contact_info.state': 'This field is required',
      'contact_info.postal_code': 'This field is required',
      'contact_info.country': 'This field is required',
      'contact.first_name': 'This field is required',
      'contact.last_name': 'This field is required',
      'contact.email': 'This field is required',
      'contact.phone_number.phone': 'This field is required',
    });
  });

  it('blank strings count as missing; optional fields stay optional', () => {
    const errors = accountFormErrors({
      ...valid,
      external_uid: '  ',
      contact_info: { ...valid.contact_info, city: '' },
    });
    expect(errors).toEqual({ external_uid: 'This field is required', 'contact_info.city': 'This field is required' });
  });

  it.each<[string, (f: typeof valid) => unknown, Record<string, string>]>([
    ['short name', (f) => ({ ...f, name: 'abc' }), { name: 'Input must be at least 4 characters' }],
    ['long name', (f) => ({ ...f, name: 'a'.repeat(65) }), { name: 'Input must be at most 64 characters' }],
    [
      'bad email',
      (f) => ({ ...f, contact: { ...f.contact, email: 'jane@' } }),
      { 'contact.email': 'E-mail must be valid' },
    ],
    [
      'invalid phone',
      (f) => ({ ...f, contact: { ...f.contact, phone_number: { ...f.contact.phone_number, phone: '12' } } }),
      { 'contact.phone_number.phone': 'Format is not correct' },
    ],
    [
      'missing country code',
      (f) => ({ ...f, contact: { ...f.contact, phone_number: { ...f.contact.phone_number, country_code: '' } } }),
      { 'contact.phone_number.country_code': 'Format is not correct for country code' },
    ],
    [
      'bad area code',
      (f) => ({ ...f, contact: { ...f.contact, phone_number: { ...f.contact.phone_number, area_code: 'abc' } } }),
      { 'contact.phone_number.area_code': 'Format is not correct for area code' },
    ],
    [
      'missing phone',
      (f) => ({ ...f, contact: { ...f.contact, phone_number: { country_code: '+1', area_code: '201' } } }),
      { 'contact.phone_number.phone': 'This field is required' },
    ],
  ])('%s', (_name, mutate, expected) => {
    expect(accountFormErrors(mutate(valid))).toEqual(expected);
  });

  it('accepts a German contact phone', () => {
    const de = {
      ...valid,
      contact: { ...valid.contact, phone_number: { phone: '12345678', area_code: '30', country_code: '+49' } },
    };
    expect(accountFormErrors(de)).toEqual({});
  });
});

describe('settings fallbacks', () => {
  it.each<[string | null | undefined, string]>([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['America/New_York', 'America/New_York'],
    ['UTC', 'UTC'],
    ['Mars/Olympus', 'UTC'],
    ['', 'UTC'],
    [null, 'UTC'],
    [undefined, 'UTC'],
  ])('resolveTimezone(%j) → %j', (tz, expected) => expect(resolveTimezone(tz)).toBe(expected));

  it.each<[string | null | undefined, string]>([
    ['de_DE', 'de_DE'],
    ['en_GB', 'en_GB'],
    ['ja-JP', 'ja_JP'],
    ['xx_YY', 'en_US'],
    ['', 'en_US'],
    [null, 'en_US'],
  ])('resolveRegion(%j) → %j', (region, expected) => expect(resolveRegion(region)).toBe(expected));

  it('resolveRecaptchaSiteKey', () => {
    const seen: string[] = [];
    expect(resolveRecaptchaSiteKey('site-key', 'default', (msg) => seen.push(msg))).toBe('site-key');
    expect(seen).toEqual([]);
    expect(resolveRecaptchaSiteKey('', 'default', (msg) => seen.push(msg))).toBe('default');
    expect(resolveRecaptchaSiteKey(undefined, 'default')).toBe('default');
    expect(seen).toEqual(['Empty site key is received']);
    expect(EMPTY_SITE_KEY).toBe('Empty site key is received');
  });
});

describe('index re-exports', () => {
  it('exposes rules, schemas and messages', () => {
    expect(index.messages.minLength(3)).toBe('Input must be at least 3 characters');
    expect(index.REQUIRED).toBe('This field is required');
    expect(typeof index.phone).toBe('function');
    expect(typeof index.accountFormSchema.safeParse).toBe('function');
    expect(index.resolveTimezone('nope')).toBe('UTC');
  });
});
