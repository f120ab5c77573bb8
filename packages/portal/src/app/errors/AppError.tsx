import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { GENERIC_ERROR } from '@trellis/domain/format/constants';

/**
 * What a page that failed to render shows, in place of React Router's default screen: what happened, in words,
 * and a way back. Inside the signed-in shell the navigation stays; the page can be reloaded or left.
 */
export function AppError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error ?? '');
  useEffect(() => {
    // keep the cause where developers look; the user gets the plain words
    console.warn('Page failed:', error);
  }, [error]);
  return (
    <Box component="main" role="alert" sx={{ maxWidth: 560, mx: 'auto', my: 8, px: 2, textAlign: 'center' }}>
      <ErrorOutlineIcon sx={{ fontSize: 48, color: 'error.main' }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {GENERIC_ERROR}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        This page could not be shown. Nothing you entered was lost on the server; try again, or go back.
      </Typography>
      {message && (
        <Typography component="pre" variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap', color: 'text.secondary' }}>
          {message}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 3 }}>
        <Button variant="outlined" onClick={() => window.history.back()}>
          Go back
        </Button>
        <Button variant="outlined" onClick={() => window.location.reload()}>
          Try again
        </Button>
        <Button variant="contained" component={RouterLink} to="/">
          Dashboard
        </Button>
      </Box>
    </Box>
  );
}
