import type { BrowserContext } from 'playwright';
import { withDemoPortal } from './demo-portal.ts';

// Time from navigating to the dashboard (the page's navigation start) until the first counter value shows, for the demo vendor,
// against the real server (demo data in a throwaway data directory) and the production portal build.
// Cold: a fresh browser context each run (empty cache, only the session cookie). Warm: the same
// context navigating again (scripts cached). Median of `runs` each.

const USER = 'vendor@demo.trellis';
const PASSWORD = 'Trellis-demo-1';
const COUNTER = '[data-testid^="counter-"] .MuiTypography-h3';

export interface FirstCounterFigures {
  user: string;
  runs: number;
  cold_ms: { median: number; samples: number[] };
  warm_ms: { median: number; samples: number[] };
}

export async function measureFirstCounter({ runs = 5, port = 18_090 } = {}): Promise<FirstCounterFigures> {
  return withDemoPortal(port, async ({ base, browser }) => {
    const loggedIn = async (): Promise<BrowserContext> => {
      const context = await browser.newContext({ baseURL: base });
      const res = await context.request.post('/public/v1/auth/login', { data: { email: USER, password: PASSWORD } });
      if (!res.ok()) throw new Error(`log in as ${USER}: ${res.status()} ${await res.text()}`);
      // the portal asks for the session's context only when the browser kept a session id (src/api/session-id.ts)
      const { session_id } = (await res.json()) as { session_id: string };
      await context.addInitScript((id) => localStorage.setItem('trellis.session_id', id), session_id);
      return context;
    };
    /**
     * ms from navigation start (the page's time origin) until a counter's value is visible, read in the page: checked
     * every animation frame, so the figure is not rounded up to Playwright's polling steps (100, 250, 500, 1000 ms),
     * which the first version of this bench measured along with the page.
     */
    const timeDashboard = async (context: BrowserContext) => {
      const page = await context.newPage();
      await page.goto('/', { waitUntil: 'commit' });
      const ms = await page.waitForFunction(
        (selector) => {
          const el = document.querySelector(selector);
          return el && el.checkVisibility() ? performance.now() : null;
        },
        COUNTER,
        { polling: 'raf', timeout: 30_000 },
      );
      const value = (await ms.jsonValue()) as number;
      await page.close();
      return Math.round(value);
    };

    // One unmeasured load first, so the server's own first-request work is not counted as "cold portal".
    const primer = await loggedIn();
    await timeDashboard(primer);
    await primer.close();

    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await loggedIn();
      cold.push(await timeDashboard(context));
      warm.push(await timeDashboard(context));
      await context.close();
    }
    return {
      user: USER,
      runs,
      cold_ms: { median: median(cold), samples: cold },
      warm_ms: { median: median(warm), samples: warm },
    };
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
}
