import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_RECAPTCHA_SITE_KEY, resolveRecaptchaSiteKey } from '@trellis/domain/validation/settings';
import { api } from '../api/client.ts';

/** GET /auth/recaptcha: whether the server checks reCAPTCHA, its site key and where the widget comes from. */
interface RecaptchaConfig {
  enabled?: boolean;
  sitekey?: string;
  script?: string;
}

interface Grecaptcha {
  ready(cb: () => void): void;
  render(el: HTMLElement, opts: Record<string, unknown>): number;
  reset(id?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const DEFAULT_SCRIPT = 'https://www.google.com/recaptcha/api.js';
let loading: Promise<void> | null = null;

/** Google's widget script, once per page (explicit rendering). */
function loadScript(src: string): Promise<void> {
  if (window.grecaptcha) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = `${src}?render=explicit`;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = null;
      s.remove();
      reject(new Error('The reCAPTCHA check could not be loaded; reload the page to try again.'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export interface RecaptchaState {
  /** Whether the server asks for an answer at all (off when it has no reCAPTCHA secret). */
  enabled: boolean;
  /** The answer to send as `recaptcha` ('' until the user solved it). */
  token: string;
  /** The widget to put in the form (null when off). */
  element: ReactNode;
  /** Answers are single-use: after a refused submit, ask again. */
  reset: () => void;
}

/**
 * The reCAPTCHA of a public form (spec §5, §8): the site key comes from GET /auth/recaptcha; an empty one is replaced
 * by the default and logged as 'Empty site key is received'. Nothing loads while the server does not check answers.
 */
export function useRecaptcha(): RecaptchaState {
  // asked for by each form (not with the query cache: the login page's JavaScript carries no TanStack Query)
  const [config, setConfig] = useState<{ data?: RecaptchaConfig | null }>({});
  useEffect(() => {
    let live = true;
    void api.get<RecaptchaConfig>('/auth/recaptcha').then(
      (data) => live && setConfig({ data }),
      () => live && setConfig({ data: null }),
    );
    return () => {
      live = false;
    };
  }, []);
  const enabled = config.data?.enabled === true;
  const siteKey = useMemo(
    () =>
      enabled
        ? resolveRecaptchaSiteKey(config.data?.sitekey, DEFAULT_RECAPTCHA_SITE_KEY, (m) => console.warn(m))
        : null,
    [enabled, config.data?.sitekey],
  );
  const script = config.data?.script || DEFAULT_SCRIPT;
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  const widget = useRef<number | null>(null);

  useEffect(() => {
    if (!siteKey) return;
    let gone = false;
    loadScript(script).then(
      () =>
        window.grecaptcha?.ready(() => {
          if (gone || !box.current || widget.current !== null) return;
          widget.current = window.grecaptcha!.render(box.current, {
            sitekey: siteKey,
            callback: (answer: string) => setToken(answer),
            'expired-callback': () => setToken(''),
          });
        }),
      (err: Error) => !gone && setError(err.message),
    );
    return () => {
      gone = true;
    };
  }, [siteKey, script]);

  const reset = useCallback(() => {
    if (widget.current !== null) window.grecaptcha?.reset(widget.current);
    setToken('');
  }, []);

  const element = enabled ? (
    <Box>
      <div ref={box} />
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  ) : null;
  return { enabled, token, element, reset };
}
