import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';

/** The recovery codes as a text file: one code a line, with what they are for. */
export function recoveryCodesText(codes: string[], label: string): string {
  return [
    `Recovery codes for ${label}`,
    'Each code signs you in once in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Recovery codes the server issued, shown this once, with copy and download. */
export function RecoveryCodes({ codes, label }: { codes: string[]; label: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = recoveryCodesText(codes, label);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity="warning">
        Save these recovery codes somewhere safe: they will not be shown again. Each one signs you in once if you cannot
        use your authenticator app.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: 16,
          bgcolor: 'grey.100',
          borderRadius: 1,
          textAlign: 'center',
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="outlined" onClick={download}>
          Download
        </Button>
      </Box>
      {copied === false && (
        <Alert severity="info">The browser did not allow copying: select the codes above, or download them.</Alert>
      )}
    </Box>
  );
}
