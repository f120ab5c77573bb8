import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import Snackbar from '@mui/material/Snackbar';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { useBrand } from '../branding/brand.ts';
import { BrandLogo } from '../branding/BrandLogo.tsx';
import { useAuth, useSession } from '../session/SessionProvider.tsx';
import { chrome, useChrome } from './store.ts';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]!.toUpperCase())
      .join('') || '?'
  );
}

/** Brand, account switcher (users of several accounts), notifications and the user menu. */
export function TopBar({ onMenu }: { onMenu: () => void }) {
  const auth = useAuth();
  const brand = useBrand();
  const session = useSession();
  const navigate = useNavigate();
  const notificationsOpen = useChrome((s) => s.notificationsOpen);
  const [accountsEl, setAccountsEl] = useState<HTMLElement | null>(null);
  const [userEl, setUserEl] = useState<HTMLElement | null>(null);
  // Its own message: a page's alert is the page's business and goes away with it.
  const [switchError, setSwitchError] = useState<string | null>(null);
  const accounts = auth.accounts ?? [];

  const switchTo = async (id: string) => {
    setAccountsEl(null);
    if (id === auth.account.id) return;
    try {
      await session.switchAccount(id);
      navigate('/');
    } catch (err) {
      setSwitchError(errorMessage(err));
    }
  };
  const logout = async () => {
    setUserEl(null);
    await session.logout();
    navigate('/login', { replace: true });
  };

  return (
    <AppBar position="fixed" color="primary" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onMenu}
          sx={{ display: { md: 'none' } }}
          aria-label="Open navigation"
        >
          <MenuIcon />
        </IconButton>
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 600,
            mr: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            minWidth: 0,
          }}
        >
          <BrandLogo height={32} />
          <Box component="span" sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {brand.title}
          </Box>
        </Typography>
        {accounts.length > 1 ? (
          <>
            <Button
              color="inherit"
              endIcon={<ExpandMoreIcon />}
              onClick={(e) => setAccountsEl(e.currentTarget)}
              // the name holds the visible text (WCAG 2.5.3)
              aria-label={`Switch account: ${auth.account.name}`}
              sx={{ textTransform: 'none', minWidth: 0 }}
            >
              <Box
                component="span"
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 260 }}
              >
                {auth.account.name}
              </Box>
            </Button>
            <Menu anchorEl={accountsEl} open={!!accountsEl} onClose={() => setAccountsEl(null)}>
              {accounts.map((a) => (
                <MenuItem key={a.id} selected={a.id === auth.account.id} onClick={() => void switchTo(a.id)}>
                  <ListItemIcon>{a.id === auth.account.id && <CheckIcon fontSize="small" />}</ListItemIcon>
                  <ListItemText primary={a.name} secondary={`${a.id} · ${a.type}`} />
                </MenuItem>
              ))}
            </Menu>
          </>
        ) : (
          <Typography variant="body2" sx={{ opacity: 0.9, display: { xs: 'none', sm: 'block' } }}>
            {auth.account.name}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title="Notifications">
          <IconButton
            color="inherit"
            aria-label="Notifications"
            onClick={() => chrome.set({ notificationsOpen: !notificationsOpen })}
          >
            <NotificationsNoneIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={auth.user?.name ?? ''}>
          <IconButton
            onClick={(e) => setUserEl(e.currentTarget)}
            aria-label={`User menu ${initials(auth.user?.name ?? auth.account.name)}`}
            sx={{ p: 0.5 }}
          >
            <Avatar sx={{ width: 32, height: 32, bgcolor: 'rgba(0,0,0,0.35)', color: '#fff', fontSize: 14 }}>
              {initials(auth.user?.name ?? auth.account.name)}
            </Avatar>
          </IconButton>
        </Tooltip>
        <Menu
          anchorEl={userEl}
          open={!!userEl}
          onClose={() => setUserEl(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="subtitle2">{auth.user?.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {auth.user?.email}
            </Typography>
          </Box>
          <Divider />
          <MenuItem component={RouterLink} to="/profile" onClick={() => setUserEl(null)}>
            <ListItemIcon>
              <PersonOutlineIcon fontSize="small" />
            </ListItemIcon>
            Profile
          </MenuItem>
          <MenuItem onClick={() => void logout()}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Log out
          </MenuItem>
        </Menu>
      </Toolbar>
      <Snackbar
        open={!!switchError}
        autoHideDuration={8000}
        onClose={() => setSwitchError(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={() => setSwitchError(null)}>
          {switchError}
        </Alert>
      </Snackbar>
    </AppBar>
  );
}
