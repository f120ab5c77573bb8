import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import AutorenewOutlinedIcon from '@mui/icons-material/AutorenewOutlined';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import DataUsageOutlinedIcon from '@mui/icons-material/DataUsageOutlined';
import NewspaperOutlinedIcon from '@mui/icons-material/NewspaperOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import WebhookOutlinedIcon from '@mui/icons-material/WebhookOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import HistoryIcon from '@mui/icons-material/History';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { canAccess } from '../access.ts';
import type { RecentEntry } from '../recents/recents.ts';
import { ancestors, findRoute, menuTree, pathTo, type RouteDef } from '../routes.ts';
import type { AuthContext } from '../session/types.ts';

/** One icon per top-level menu entry (a test checks every entry has one). */
export const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlinedIcon />,
  accounts: <ApartmentOutlinedIcon />,
  products: <Inventory2OutlinedIcon />,
  marketplaces: <StorefrontOutlinedIcon />,
  hubs: <HubOutlinedIcon />,
  listings: <ListAltOutlinedIcon />,
  partners: <HandshakeOutlinedIcon />,
  leads: <ContactMailOutlinedIcon />,
  customers: <PeopleOutlinedIcon />,
  subscriptions: <AutorenewOutlinedIcon />,
  usages: <DataUsageOutlinedIcon />,
  tierConfigs: <AccountTreeOutlinedIcon />,
  news: <NewspaperOutlinedIcon />,
  helpdesk: <SupportAgentOutlinedIcon />,
  reports: <AssessmentOutlinedIcon />,
  integrations: <WebhookOutlinedIcon />,
  settings: <SettingsOutlinedIcon />,
};

/** Is the current page this menu entry or below it (by name, or through its parent chain: product → products)? */
function within(current: string | undefined, name: string): boolean {
  if (!current) return false;
  if (current === name || current.startsWith(`${name}.`)) return true;
  const route = findRoute(current);
  return !!route && ancestors(route).some((a) => a.name === name);
}

/** The navigation menu, derived from the route registry and what this user may open; favorites and recents below. */
export function SideNav({
  current,
  auth,
  recents,
  favorites = [],
  onNavigate,
}: {
  current?: string;
  auth: AuthContext;
  recents: RecentEntry[];
  /** The user's marked objects: name and the page that shows it. */
  favorites?: readonly { name: string; route: string }[];
  onNavigate?: () => void;
}) {
  const tree = menuTree()
    .filter((e) => canAccess(e.route, auth))
    .map((e) => ({ ...e, children: e.children.filter((c) => canAccess(c, auth)) }));
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const item = (r: RouteDef, nested = false) => (
    <ListItemButton
      key={r.name}
      component={RouterLink}
      to={pathTo(r.name)}
      selected={within(current, r.name)}
      onClick={onNavigate}
      sx={{ pl: nested ? 7 : 2, borderRadius: 1, mx: 1, mb: 0.25 }}
    >
      {!nested && <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[r.name]}</ListItemIcon>}
      <ListItemText
        primary={r.title}
        slotProps={{ primary: { variant: 'body2', sx: { fontWeight: within(current, r.name) ? 600 : 400 } } }}
      />
    </ListItemButton>
  );

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        overflowY: 'auto',
        '& .Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
      }}
    >
      <List component="nav" aria-label="Main navigation" sx={{ pt: 1 }}>
        {tree.map(({ route, children }) => {
          if (!children.length) return item(route);
          const isOpen = open[route.name] ?? true;
          return (
            <Box key={route.name}>
              <ListItemButton
                onClick={() => setOpen({ ...open, [route.name]: !isOpen })}
                sx={{ borderRadius: 1, mx: 1, mb: 0.25 }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: within(current, route.name) ? 'primary.main' : undefined }}>
                  {ICONS[route.name]}
                </ListItemIcon>
                <ListItemText primary={route.title} slotProps={{ primary: { variant: 'body2' } }} />
                {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
              </ListItemButton>
              <Collapse in={isOpen} unmountOnExit>
                {/* links, not list items: a <ul> may only hold <li> */}
                <List component="div" disablePadding>
                  {children.map((c) => item(c, true))}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
      <Shortcuts
        label="Favorites"
        icon={<StarBorderIcon fontSize="small" />}
        items={favorites}
        onNavigate={onNavigate}
      />
      <Shortcuts label="Recent" icon={<HistoryIcon fontSize="small" />} items={recents} onNavigate={onNavigate} />
    </Box>
  );
}

/** A titled list of links below the menu (favorites, recent pages); nothing while it is empty. */
function Shortcuts(props: {
  label: string;
  icon: ReactNode;
  items: readonly { name: string; route: string }[];
  onNavigate?: () => void;
}) {
  if (!props.items.length) return null;
  return (
    <List
      component="nav"
      aria-label={props.label}
      dense
      subheader={
        <ListSubheader
          component="div"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, lineHeight: '36px', bgcolor: 'transparent' }}
        >
          {props.icon} {props.label}
        </ListSubheader>
      }
    >
      {props.items.map((r) => (
        <ListItemButton
          key={r.route}
          component={RouterLink}
          to={r.route}
          onClick={props.onNavigate}
          sx={{ pl: 3, mx: 1, borderRadius: 1 }}
        >
          <ListItemText
            primary={r.name}
            slotProps={{ primary: { variant: 'body2', noWrap: true, color: 'text.secondary' } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
