import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { portalResource, type Portal } from '@trellis/domain/branding/portal';
import { notFoundPath, pathTo } from '../../../app/routes.ts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { portalPath, useOwnBrand } from '../data.ts';
import { ThemeEditor } from './ThemeEditor.tsx';

/** One portal of the account's brand: its details, and the Theme tab with the editor and its live preview. */
export default function PortalPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { brand, error, refetch } = useOwnBrand();
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (brand === undefined)
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Skeleton height={28} />
      </Paper>
    );
  if (!brand) return <Navigate to={notFoundPath(location.pathname)} replace />;
  const path = portalPath(brand.id, id);
  return (
    <ResourceDetail<Portal>
      resource={portalResource}
      path={path}
      title={(p) => p.domains}
      render={{ title: (p) => p.title || brand.name }}
      tabs={[{ id: 'theme', label: 'Theme', render: (p) => <ThemeEditor portal={p} path={path} /> }]}
      onDeleted={(p) =>
        navigate(pathTo('settings.branding', { tab: 'portals' }), {
          state: { notice: { severity: 'success', content: `The portal ${p.domains} was deleted.` } },
        })
      }
    />
  );
}
