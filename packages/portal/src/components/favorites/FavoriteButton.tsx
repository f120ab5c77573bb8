import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useLocation } from 'react-router';
import { errorMessage } from '../../api/index.ts';
import { notify } from '../../app/notices.ts';
import { useFavorites, useToggleFavorite } from './useFavorites.ts';

/** The star in an object's header: marks it as a favorite (listed in the navigation), or takes the mark away. */
export function FavoriteButton({ resource, id, name }: { resource: string; id: string; name: string }) {
  const location = useLocation();
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const marked = favorites.data?.find((f) => f.object.id === id);
  const label = marked ? `Remove ${name} from favorites` : `Add ${name} to favorites`;
  const run = () =>
    toggle.mutate(
      { marked, resource, id, route: location.pathname },
      { onError: (err) => notify('error', errorMessage(err)) },
    );
  return (
    <Tooltip title={marked ? 'Remove from favorites' : 'Add to favorites'}>
      <span>
        <IconButton
          aria-label={label}
          aria-pressed={!!marked}
          onClick={run}
          disabled={favorites.isPending || toggle.isPending}
          color={marked ? 'warning' : 'default'}
        >
          {marked ? <StarIcon /> : <StarBorderIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
