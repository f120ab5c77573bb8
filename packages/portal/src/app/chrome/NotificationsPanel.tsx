import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { chrome, useChrome } from './store.ts';

/** Right-hand notifications panel (no notification feed exists yet, so it says so). */
export function NotificationsPanel() {
  const open = useChrome((s) => s.notificationsOpen);
  return (
    <Drawer anchor="right" open={open} onClose={() => chrome.set({ notificationsOpen: false })}>
      <Toolbar />
      <Box sx={{ width: 340, p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            Notifications
          </Typography>
          <IconButton aria-label="Close notifications" onClick={() => chrome.set({ notificationsOpen: false })}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          You have no notifications.
        </Typography>
      </Box>
    </Drawer>
  );
}
