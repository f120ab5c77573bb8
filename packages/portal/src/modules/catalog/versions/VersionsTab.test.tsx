import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLLING_INTERVAL_MS } from '@trellis/domain/format/constants';
import { mockApi } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { PRODUCT_ID, renderSignedIn, versionFixture } from '../common/testing.tsx';
import { VersionsTab } from './VersionsTab.tsx';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const VERSIONS = `/products/${PRODUCT_ID}/versions`;

describe('product versions', () => {
  it(`refetches every ${POLLING_INTERVAL_MS} ms while a build is running and stops once it is ready`, async () => {
    let building = 2; // answers that still show version 2 building
    const calls = mockApi({
      [`GET ${VERSIONS}`]: () => {
        const v2 = versionFixture(2, building-- > 0 ? 'building' : 'ready', building < 0);
        return listBody([v2, versionFixture(1, 'ready', v2.build.status === 'building')]);
      },
    });
    const fetches = () => calls.filter((c) => c.path === VERSIONS).length;
    renderSignedIn(<VersionsTab productId={PRODUCT_ID} readOnly={false} />);
    expect(await screen.findByText('A version is being built; this list refreshes until it is ready.')).toBeTruthy();
    expect(fetches()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(POLLING_INTERVAL_MS - 100));
    expect(fetches()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetches()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(POLLING_INTERVAL_MS));
    expect(fetches()).toBe(3);
    expect(
      await screen.findByText(
        'Each version is a frozen copy of the catalogue. The newest ready one is the master version.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('Ready')).toHaveLength(2);

    // Nothing is building any more: no further requests however long the page stays open.
    await act(() => vi.advanceTimersByTimeAsync(POLLING_INTERVAL_MS * 5));
    expect(fetches()).toBe(3);
  });

  it('refetches the product when a build finished before the list ever showed it building', async () => {
    let versions = [versionFixture(1, 'ready', true)];
    const calls = mockApi({ [`GET ${VERSIONS}`]: () => listBody(versions) });
    const { client } = renderSignedIn(<VersionsTab productId={PRODUCT_ID} readOnly={false} />);
    expect(await screen.findByText('Master')).toBeTruthy();
    const refetched = vi.spyOn(client, 'invalidateQueries');
    // version 2 was built so fast that the next answer already shows it ready
    versions = [versionFixture(2, 'ready', true), versionFixture(1, 'ready', false)];
    await act(() => client.invalidateQueries({ queryKey: ['list', VERSIONS] }));
    await vi.waitFor(() => expect(refetched).toHaveBeenCalledWith({ queryKey: ['get'] }));
    expect(calls.filter((c) => c.path === VERSIONS)).toHaveLength(2);
  });

  it('refetches the product when the build finished while the page was re-mounting', async () => {
    let versions = [versionFixture(1, 'ready', true)];
    mockApi({ [`GET ${VERSIONS}`]: () => listBody(versions) });
    let setShown = (_: boolean) => {};
    function Remounting() {
      const [shown, show] = useState(true);
      setShown = show;
      return shown ? <VersionsTab productId={PRODUCT_ID} readOnly={false} /> : null;
    }
    const { client } = renderSignedIn(<Remounting />);
    expect(await screen.findByText('Master')).toBeTruthy();
    const refetched = vi.spyOn(client, 'invalidateQueries');
    // starting a build moves to another page: the list is refetched with nothing mounted, and the build is
    // already done; the page that mounts next never sees it building
    act(() => setShown(false));
    versions = [versionFixture(2, 'ready', true), versionFixture(1, 'ready', false)];
    await act(() => client.refetchQueries({ queryKey: ['list', VERSIONS], type: 'all' }));
    act(() => setShown(true));
    expect(await screen.findAllByText('Ready')).toHaveLength(2);
    expect(refetched).toHaveBeenCalledWith({ queryKey: ['get'] });
  });

  it('does not poll when no build is running', async () => {
    const calls = mockApi({ [`GET ${VERSIONS}`]: () => listBody([versionFixture(1, 'ready', true)]) });
    renderSignedIn(<VersionsTab productId={PRODUCT_ID} readOnly={false} />);
    expect(await screen.findByText('Master')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(POLLING_INTERVAL_MS * 3));
    expect(calls.filter((c) => c.path === VERSIONS)).toHaveLength(1);
  });
});
