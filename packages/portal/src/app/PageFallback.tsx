import LinearProgress from '@mui/material/LinearProgress';

/** What shows while a page's code loads: a thin bar, no layout jump. */
export function PageFallback() {
  return <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }} aria-label="Loading" />;
}
