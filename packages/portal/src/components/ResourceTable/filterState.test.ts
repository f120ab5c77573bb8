import { beforeEach, describe, expect, it } from 'vitest';
import { decodeState, encodeState, initialState, normalizeState, saveStored, storageKey } from './filterState.ts';

beforeEach(() => localStorage.clear());

describe('filter state encoding', () => {
  it('round-trips through the URL form, unicode included', () => {
    const s = {
      search: 'Ünïcode & co',
      filters: { status: ['active', 'inactive'] },
      ordering: '-name',
      limit: 25,
      assignedToMe: true,
    };
    const encoded = encodeState(s);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeState(encoded)).toEqual(s);
  });

  it('encodes an untouched table as nothing', () => {
    expect(
      encodeState(
        normalizeState({ search: '  ', filters: { status: [] }, limit: 10, ordering: 'name' }, { ordering: 'name' }),
      ),
    ).toBe('');
  });

  it('ignores malformed or hostile values', () => {
    expect(decodeState('%%%')).toBeNull();
    expect(decodeState(btoa('[1,2]'))).toBeNull();
    expect(decodeState(btoa('{"limit":"all","filters":{"status":"active"},"search":5}'))).toEqual({});
    expect(decodeState(btoa('{"limit":100000}'))).toEqual({});
  });
});

describe('restoring', () => {
  const url = (s: object) => encodeState(s);

  it('starts clean when nothing was remembered', () => {
    expect(initialState(null, 'accounts')).toEqual({ state: {}, restored: false });
  });

  it('the URL state wins over local storage, and says it was restored', () => {
    saveStored('accounts', { search: 'old' });
    expect(initialState(url({ search: 'from-url' }), 'accounts')).toEqual({
      state: { search: 'from-url' },
      restored: true,
    });
  });

  it('falls back to what the user left last time', () => {
    saveStored('accounts', { filters: { type: ['vendor'] } });
    expect(localStorage.getItem(storageKey('accounts'))).toBeTruthy();
    expect(initialState(null, 'accounts')).toEqual({ state: { filters: { type: ['vendor'] } }, restored: true });
    expect(initialState(null, 'tokens').restored).toBe(false);
  });

  it('saving an empty state forgets it', () => {
    saveStored('accounts', { search: 'x' });
    saveStored('accounts', {});
    expect(localStorage.getItem(storageKey('accounts'))).toBeNull();
  });
});
