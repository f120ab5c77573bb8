import Button from '@mui/material/Button';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { notify } from '../../app/notices.ts';

/** Save a same-origin link through the browser (the session cookie authenticates it). */
export function saveLink(href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * The product's usage template (GET /usage/products/{id}/template answers its link): the spreadsheet a vendor fills
 * with one row per usage record and uploads to a usage file.
 */
export function UsageTemplateButton({
  productId,
  label = 'Download template',
  variant = 'outlined',
  size = 'small',
}: {
  productId: string;
  label?: string;
  variant?: 'outlined' | 'text' | 'contained';
  /** Beside another button, its size. */
  size?: 'small' | 'medium';
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { template_link } = await api.get<{ template_link: string }>(`/usage/products/${productId}/template`);
      saveLink(template_link);
    } catch (err) {
      notify('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      variant={variant}
      startIcon={<FileDownloadIcon />}
      disabled={busy}
      onClick={() => void download()}
    >
      {label}
    </Button>
  );
}
