import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  FAVICON_EXTENSIONS,
  FAVICON_KINDS,
  FAVICON_MAX_BYTES,
  LOGO_EXTENSIONS,
  LOGO_MAX_BYTES,
} from '@trellis/domain/branding/constants';
import type { Portal } from '@trellis/domain/branding/portal';
import { formatBytes } from '@trellis/domain/format/bytes';
import { apiRequest } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useReloadBrand } from '../../../app/branding/brand.ts';
import { notify } from '../../../app/notices.ts';

const accept = (exts: readonly string[]) => exts.map((e) => `.${e}`).join(',');

/** A file button: picks one file and hands it over. */
function FileButton({
  label,
  exts,
  busy,
  onFile,
}: {
  label: string;
  exts: readonly string[];
  busy: boolean;
  onFile: (f: File) => void;
}) {
  return (
    <Button component="label" variant="outlined" size="small" disabled={busy}>
      {label}
      <input
        hidden
        type="file"
        aria-label={label}
        accept={accept(exts)}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onFile(f);
        }}
      />
    </Button>
  );
}

/** An image on a tile of the portal's primary colour (where the logo sits) or a plain one. */
function Tile({ src, alt, bg, size }: { src: string; alt: string; bg: string; size: number }) {
  return (
    <Box
      sx={{
        height: size + 16,
        minWidth: size + 16,
        p: 1,
        borderRadius: 1,
        bgcolor: bg,
        border: '1px solid rgba(0, 0, 0, 0.12)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Box component="img" src={src} alt={alt} sx={{ height: size, maxWidth: size * 4, objectFit: 'contain' }} />
    </Box>
  );
}

/**
 * The portal's logo and favicons: uploaded (checked by the server: images only, SVG without scripts) and removed at
 * once, apart from Save; the portal picks them up without a reload.
 */
export function PortalImages({ portal, path, primary }: { portal: Portal; path: string; primary: string }) {
  const client = useQueryClient();
  const reloadBrand = useReloadBrand();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      await client.invalidateQueries({ queryKey: ['get', path] });
      notify('success', done);
      await reloadBrand().catch(() => undefined);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const upload = (what: 'logo' | 'favicon', file: File) => {
    const form = new FormData();
    form.set(what, file);
    return run(
      () => apiRequest(`${path}/${what}`, { method: 'POST', body: form }),
      what === 'logo' ? 'The logo was uploaded.' : 'The favicon was uploaded.',
    );
  };
  const remove = (sub: string, done: string) => run(() => apiRequest(`${path}/${sub}`, { method: 'DELETE' }), done);

  const favicons = FAVICON_KINDS.filter((k) => portal.urls.favicons[k]);
  const row = (title: string, body: ReactNode, note: string) => (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {body}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {note}
      </Typography>
    </Box>
  );

  return (
    <Stack spacing={2}>
      {row(
        'Logo',
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {portal.urls.logo ? (
            <Tile src={portal.urls.logo} alt="Current logo" bg={primary} size={32} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No logo: the title stands alone.
            </Typography>
          )}
          <FileButton
            label={portal.urls.logo ? 'Replace logo' : 'Upload logo'}
            exts={LOGO_EXTENSIONS}
            busy={busy}
            onFile={(f) => void upload('logo', f)}
          />
          {portal.urls.logo && (
            <Button size="small" disabled={busy} onClick={() => void remove('logo', 'The logo was removed.')}>
              Remove logo
            </Button>
          )}
        </Stack>,
        `PNG, JPEG, GIF, WebP or SVG (without scripts), at most ${formatBytes(LOGO_MAX_BYTES)}. Shown beside the title in the top bar and on the login page.`,
      )}
      {row(
        'Favicons',
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {favicons.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No favicon.
            </Typography>
          )}
          {favicons.map((kind) => (
            <Stack key={kind} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Tile src={portal.urls.favicons[kind]!} alt={`${kind.toUpperCase()} favicon`} bg="#fff" size={16} />
              <Button
                size="small"
                disabled={busy}
                aria-label={`Remove the ${kind.toUpperCase()} favicon`}
                onClick={() => void remove(`favicons/${kind}`, `The ${kind.toUpperCase()} favicon was removed.`)}
              >
                Remove
              </Button>
            </Stack>
          ))}
          <FileButton
            label="Upload favicon"
            exts={FAVICON_EXTENSIONS}
            busy={busy}
            onFile={(f) => void upload('favicon', f)}
          />
        </Stack>,
        `ICO, PNG or SVG, at most ${formatBytes(FAVICON_MAX_BYTES)}; one of each kind, the browser picks.`,
      )}
      {error && (
        <Typography role="alert" variant="body2" color="error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
