import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { RequestAction } from './stateActions.ts';

export interface ActionButtonsProps<A extends RequestAction> {
  actions: A[];
  /** The action running now: every button waits for it. */
  busy: string | null;
  onClick: (action: A) => void;
}

/** A request's header buttons: approve and submit stand out, fail and delete are red, a disabled one says why. */
export function ActionButtons<A extends RequestAction>({ actions, busy, onClick }: ActionButtonsProps<A>) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {actions.map((a) => {
        const button = (
          <Button key={a.name} variant={a.name === 'approve' || a.name === 'submit' ? 'contained' : 'outlined'} size="small"
            color={a.name === 'fail' || a.name === 'delete' ? 'error' : 'primary'} disabled={busy !== null || !!a.disabled} onClick={() => onClick(a)}>
            {a.label}
          </Button>
        );
        return a.hint ? <Tooltip key={a.name} title={a.hint}><span>{button}</span></Tooltip> : button;
      })}
    </Box>
  );
}
