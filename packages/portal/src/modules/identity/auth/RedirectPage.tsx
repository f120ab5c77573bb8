import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CenteredCard } from '../../../app/CenteredCard.tsx';

/** Only http(s) addresses may be opened (never javascript: or data: URLs). */
function ssoTarget(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** /redirect?url=… — opens the identity provider's sign-on page in a pop-up window. */
export default function RedirectPage() {
  const [params] = useSearchParams();
  const target = ssoTarget(params.get('url'));
  const [blocked, setBlocked] = useState(false);
  const open = () => {
    if (!target) return;
    const w = window.open(target, 'trellis-sso', 'popup,width=520,height=680');
    setBlocked(!w);
  };
  useEffect(open, [target]);

  return (
    <CenteredCard title="Single sign-on">
      {!target ? (
        <Alert severity="error">The sign-on link is missing or not valid.</Alert>
      ) : (
        <>
          <Alert severity={blocked ? 'warning' : 'info'} sx={{ mb: 2 }}>
            {blocked ? 'Your browser blocked the pop-up window.' : 'Continue signing on in the pop-up window.'}
          </Alert>
          <Button variant="contained" fullWidth onClick={open}>
            Open sign-on window
          </Button>
        </>
      )}
    </CenteredCard>
  );
}
