import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';
import { formatPercent } from './percent.ts';
import { formatDuration } from './duration.ts';
import { formatBytes } from './bytes.ts';
import { formatDate, is24h, setDisplayTimeZone } from './date.ts';
import { truncate } from './truncate.ts';
import * as index from './index.ts';

describe('constants (spec §9, exact values)', () => {
  it.each<[string, unknown, unknown]>([
    ['CONTRACT_ID_PLACEHOLDER', c.CONTRACT_ID_PLACEHOLDER, 'CT-0000-0000-0000'],
    ['ACCOUNT_NAME_MIN', c.ACCOUNT_NAME_MIN, 4],
    ['ACCOUNT_NAME_MAX', c.ACCOUNT_NAME_MAX, 64],
    ['ACCOUNTS_LIST_LIMIT', c.ACCOUNTS_LIST_LIMIT, 500],
    ['LIST_ALL_CHUNK', c.LIST_ALL_CHUNK, 100],
    ['LIST_ALL_PARALLEL', c.LIST_ALL_PARALLEL, 5],
    ['DEFAULT_PAGE_LIMIT', c.DEFAULT_PAGE_LIMIT, 10],
    ['DEFAULT_OFFSET', c.DEFAULT_OFFSET, 0],
    ['LONG_REQUEST_MS', c.LONG_REQUEST_MS, 10000],
    ['POLLING_INTERVAL_MS', c.POLLING_INTERVAL_MS, 3000],
    ['RECENTS_LIMIT', c.RECENTS_LIMIT, 7],
    ['RESIZE_DEBOUNCE_MS', c.RESIZE_DEBOUNCE_MS, 16],
    ['URL_REPLACE_DEBOUNCE_MS', c.URL_REPLACE_DEBOUNCE_MS, 300],
    ['SORT_ANIMATION_MS', c.SORT_ANIMATION_MS, 500],
    ['MAX_NESTED_BLOCKQUOTES', c.MAX_NESTED_BLOCKQUOTES, 3],
    ['SKELETON_ROWS', c.SKELETON_ROWS, 10],
    ['LATEST_VERSION_LIMIT', c.LATEST_VERSION_LIMIT, 1],
    ['LATEST_VERSION_ORDERING', c.LATEST_VERSION_ORDERING, '-version'],
    ['DEFAULT_DATE_FORMAT', c.DEFAULT_DATE_FORMAT, 'L LT'],
    ['DEFAULT_TRUNCATE', c.DEFAULT_TRUNCATE, 100],
    ['DEFAULT_THEME', c.DEFAULT_THEME, { primary: '#1565c0', navText: '#ffffff', accent: '#1565c0' }],
    ['DEFAULT_COMMITMENT_COUNT', c.DEFAULT_COMMITMENT_COUNT, 1],
    ['DEFAULT_PERIOD', c.DEFAULT_PERIOD, 'monthly'],
    ['DEFAULT_PRECISION', c.DEFAULT_PRECISION, 'decimal(1)'],
    ['UNLIMITED_QUANTITY', c.UNLIMITED_QUANTITY, -1],
    [
      'FILTERS_RESTORED_MESSAGE',
      c.FILTERS_RESTORED_MESSAGE,
      'Some page values where set-up by previous use or passed in URL',
    ],
    [
      'MARKETPLACE_NO_COUNTRY_MESSAGE',
      c.MARKETPLACE_NO_COUNTRY_MESSAGE,
      'This Marketplace is not configured properly (no country assigned). Please contact support.',
    ],
    ['GENERIC_ERROR', c.GENERIC_ERROR, 'Something went wrong'],
    ['SERVER_ERROR', c.SERVER_ERROR, 'Server error'],
    ['EMPTY_REQUEST', c.EMPTY_REQUEST, 'Empty request'],
    ['INVALID_CONFIRMATION_CODE', c.INVALID_CONFIRMATION_CODE, 'Invalid confirmation code'],
    ['EXPIRED_CONFIRMATION_CODE', c.EXPIRED_CONFIRMATION_CODE, 'Confirmation code is expired'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('DEFAULT_THEME is frozen', () => {
    expect(Object.isFrozen(c.DEFAULT_THEME)).toBe(true);
  });
});

describe('formatPercent', () => {
  it.each<[number | string | null | undefined, string]>([
    [0, '0%'],
    [0.0001, '< 1%'],
    [0.5, '< 1%'],
    [0.999, '< 1%'],
    [1, '1.00%'],
    [45.678, '45.68%'],
    [50, '50.00%'],
    [98.999, '99.00%'],
    [99, '99.00%'],
    [99.01, '> 99%'],
    [99.5, '> 99%'],
    [99.999, '> 99%'],
    [100, '100%'],
    [150, '150.00%'],
    [-5, '-5.00%'],
    ['12.345', '12.35%'],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
    ['abc', ''],
  ])('%j → %j', (n, expected) => expect(formatPercent(n)).toBe(expected));
});

describe('formatDuration', () => {
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;
  const D = 24 * H;
  it.each<[number | null | undefined, string]>([
    [0, '0 seconds'],
    [999, '0 seconds'],
    [1 * S, '1 second'],
    [30 * S, '30 seconds'],
    [59 * S + 999, '59 seconds'],
    [1 * M, '1 minute'],
    [5 * M + 30 * S, '5 minutes'],
    [59 * M, '59 minutes'],
    [1 * H, '1 hour'],
    [2 * H + 59 * M, '2 hours'],
    [23 * H, '23 hours'],
    [1 * D, '1 day'],
    [2 * D + 5 * H, '2 days'],
    [400 * D, '400 days'],
    [-5 * S, '0 seconds'],
    [Number.NaN, '0 seconds'],
    [null, '0 seconds'],
    [undefined, '0 seconds'],
  ])('%j → %j', (ms, expected) => expect(formatDuration(ms)).toBe(expected));
});

describe('formatBytes (base 2, jedec)', () => {
  it.each<[number | string | null | undefined, string]>([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024, '1 MB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
    [1024 ** 3, '1 GB'],
    [5.25 * 1024 ** 4, '5.25 TB'],
    ['2048', '2 KB'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
    ['abc', ''],
  ])('%j → %j', (n, expected) => expect(formatBytes(n)).toBe(expected));
});

describe("formatDate ('L LT')", () => {
  it.each<[string | number | Date | null | undefined, { hour12?: boolean } | undefined, string]>([
    ['2024-03-15T14:05:00', undefined, '03/15/2024 14:05'],
    ['2024-03-15T14:05:00', { hour12: false }, '03/15/2024 14:05'],
    ['2024-03-15T14:05:00', { hour12: true }, '03/15/2024 2:05 PM'],
    ['2024-03-15T00:05:00', { hour12: true }, '03/15/2024 12:05 AM'],
    ['2024-03-15T09:00:00', {}, '03/15/2024 09:00'],
    [new Date(2024, 0, 2, 3, 4), {}, '01/02/2024 03:04'],
    ['not a date', {}, ''],
    ['', {}, ''],
    [null, {}, ''],
    [undefined, {}, ''],
  ])('%j %j → %j', (value, opts, expected) => expect(formatDate(value, opts)).toBe(expected));

  it('honours a time zone and a custom format', () => {
    expect(formatDate('2024-03-15T14:05:00Z', { timeZone: 'UTC' })).toBe('03/15/2024 14:05');
    expect(formatDate('2024-03-15T14:05:00Z', { timeZone: 'Europe/Berlin', hour12: true })).toBe('03/15/2024 3:05 PM');
    expect(formatDate('2024-03-15T14:05:09', { format: 'YYYY-MM-DD LTS' })).toBe('2024-03-15 14:05:09');
    expect(formatDate('2024-03-15T14:05:09', { format: 'YYYY-MM-DD LTS', hour12: true })).toBe('2024-03-15 2:05:09 PM');
    expect(formatDate('2024-03-15T14:05:09', { format: '[LT] LT' })).toBe('LT 14:05');
  });

  it("shows dates in the user's time zone once the portal sets it, unless a call names another", () => {
    setDisplayTimeZone('Asia/Kolkata');
    try {
      expect(formatDate('2024-03-15T14:05:00Z')).toBe('03/15/2024 19:35');
      expect(formatDate('2024-03-15T14:05:00Z', { timeZone: 'UTC' })).toBe('03/15/2024 14:05');
    } finally {
      setDisplayTimeZone(undefined);
    }
    expect(formatDate('2024-03-15T14:05:00Z', { timeZone: 'UTC' })).toBe('03/15/2024 14:05');
  });

  it('is24h reads the user timeformat setting', () => {
    expect(is24h('24h')).toBe(true);
    expect(is24h('12h')).toBe(false);
    expect(is24h(undefined)).toBe(false);
  });
});

describe('truncate', () => {
  const long = 'x'.repeat(150);
  it.each<[string | null | undefined, Parameters<typeof truncate>[1], string]>([
    ['short', undefined, 'short'],
    ['x'.repeat(100), undefined, 'x'.repeat(100)],
    [long, undefined, `${'x'.repeat(100)}…`],
    ['Hello world', { limit: 5 }, 'Hello…'],
    ['Hello world', { limit: 6 }, 'Hello…'],
    ['Hello world', { limit: 11 }, 'Hello world'],
    ['😀😀😀', { limit: 2 }, '😀😀…'],
    ['one two three four', { limit: 2, by: 'words' }, 'one two…'],
    ['one  two\nthree', { limit: 2, by: 'words' }, 'one  two…'],
    ['one two', { limit: 2, by: 'words' }, 'one two'],
    [`${'w '.repeat(120)}`.trim(), { by: 'words' }, `${'w '.repeat(100).trim()}…`],
    ['abc', { limit: 0 }, '…'],
    ['', undefined, ''],
    [null, undefined, ''],
    [undefined, { by: 'words' }, ''],
  ])('%j %j → %j', (text, opts, expected) => expect(truncate(text, opts)).toBe(expected));
});

describe('index re-exports', () => {
  it('exposes formatters and constants', () => {
    expect(index.formatPercent(0)).toBe('0%');
    expect(index.formatBytes(1024)).toBe('1 KB');
    expect(index.DEFAULT_DATE_FORMAT).toBe('L LT');
    expect(typeof index.formatDate).toBe('function');
    expect(typeof index.formatDuration).toBe('function');
    expect(typeof index.truncate).toBe('function');
  });
});
