import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useBrand } from '../branding/brand.ts';
import { ancestors, pathTo, type RouteDef } from '../routes.ts';
import { chrome, useChrome } from './store.ts';

/** Title row, breadcrumbs, back arrow, actions, alert and tabs — all read from the chrome store. */
export function PageHeader({ route }: { route?: RouteDef }) {
  const s = useChrome((x) => x);
  const params = useParams();
  // Parent routes of detail pages take the current page's params (a product's id); one that cannot be built is left out.
  const pathOf = (name: string) => {
    try {
      return pathTo(name, params);
    } catch {
      return null;
    }
  };
  const title = s.title || route?.title || '';
  const back = s.backRoute ?? (route?.back ? pathOf(route.back) : null);
  const crumbs = (route ? ancestors(route) : []).filter((c) => pathOf(c.name) !== null);

  const brandTitle = useBrand().title;
  useEffect(() => {
    document.title = title ? `${title} · ${brandTitle}` : brandTitle;
  }, [title, brandTitle]);

  return (
    <Box sx={{ mb: 2 }}>
      {(crumbs.length > 0 || s.assistiveTitle) && (
        <Breadcrumbs sx={{ fontSize: 13, mb: 0.5 }} aria-label="Breadcrumbs">
          {crumbs.map((c) => (
            <Link key={c.name} component={RouterLink} to={pathOf(c.name)!} underline="hover" color="text.secondary">
              {c.title}
            </Link>
          ))}
          {s.assistiveTitle && (
            <Typography sx={{ fontSize: 13 }} color="text.secondary">
              {s.assistiveTitle}
            </Typography>
          )}
        </Breadcrumbs>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', minHeight: 44 }}>
        {back && (
          <IconButton component={RouterLink} to={back} aria-label="Back" size="small" sx={{ ml: -0.5 }}>
            <ArrowBackIcon />
          </IconButton>
        )}
        <Typography variant="h5" component="h1" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {title}
        </Typography>
        {s.titleChip}
        <Box sx={{ flexGrow: 1 }} />
        {s.searchable && (
          <TextField
            size="small"
            placeholder={s.searchLabel}
            value={s.search}
            aria-label={s.searchLabel}
            onChange={(e) => chrome.set({ search: e.target.value })}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        {s.headerActions}
        {s.extraActions}
      </Box>
      <Box sx={{ height: 3, mt: 0.5 }}>
        {(s.pageLoading || s.contentLoading) && <LinearProgress sx={{ height: 3 }} />}
      </Box>
      {s.alert && (
        <Alert
          severity={s.alert.severity}
          action={s.alert.action}
          sx={{ mt: 1, whiteSpace: 'pre-line' }}
          onClose={s.alert.action ? undefined : () => chrome.set({ alert: null })}
        >
          {s.alert.content}
        </Alert>
      )}
      {s.tabs.length > 0 && (
        <Tabs
          value={s.activeTab ?? false}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          {s.tabs.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} component={RouterLink} to={t.to} />
          ))}
        </Tabs>
      )}
    </Box>
  );
}
