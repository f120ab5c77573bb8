import Button from '@mui/material/Button';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { usePageChrome } from '../chrome/usePageChrome.ts';
import { EmptyState } from '../../components/EmptyState.tsx';

/** The catch-all: names the path that was asked for. */
export default function NotFoundPage() {
  const params = useParams();
  const location = useLocation();
  // Reached as /not-found/<original path> (from a detail page's 404) or directly by an unknown URL.
  const original = location.pathname.startsWith('/not-found') ? `/${params['*'] ?? ''}` : location.pathname;
  usePageChrome({ title: 'Page not found' });
  return (
    <EmptyState
      icon={<SearchOffIcon />}
      title="Nothing here"
      action={
        <Button variant="contained" component={RouterLink} to="/">
          Go to dashboard
        </Button>
      }
    >
      There is no page or object at <code>{original}</code>, or it is not visible to your account.
    </EmptyState>
  );
}
