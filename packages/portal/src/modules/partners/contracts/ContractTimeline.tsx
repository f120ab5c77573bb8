import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepConnector from '@mui/material/StepConnector';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import type { ReactNode } from 'react';
import type { Contract } from '@trellis/domain/partners/contract';
import { formatDate } from '@trellis/domain/format/date';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { contractTimeline, type StepState, type TimelineStep } from './timeline.ts';

const STATE_LABELS: Record<StepState, string> = {
  done: 'done',
  current: 'waiting',
  upcoming: 'not yet',
  failed: 'ended here',
  skipped: 'not taken',
};

function StepIcon({ step }: { step: TimelineStep }) {
  const icons: Record<StepState, ReactNode> = {
    done:
      step.key === 'terminated' ? (
        <StopCircleIcon sx={{ color: 'text.secondary' }} />
      ) : (
        <CheckCircleIcon sx={{ color: 'success.main' }} />
      ),
    current: <HourglassTopIcon sx={{ color: 'warning.dark' }} />,
    upcoming: <RadioButtonUncheckedIcon sx={{ color: 'action.disabled' }} />,
    failed: <CancelIcon sx={{ color: 'error.main' }} />,
    skipped: <RemoveCircleOutlineIcon sx={{ color: 'action.disabled' }} />,
  };
  return <Box sx={{ display: 'flex', '& svg': { fontSize: 26 } }}>{icons[step.state]}</Box>;
}

/**
 * The contract's states as a timeline — created, enrolled, approved or signed, terminated — with when and by whom;
 * the step it waits for stands out, a path not taken is greyed. Across the page on a wide screen, down it on a phone.
 */
export function ContractTimeline({ contract }: { contract: Contract }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const hour12 = useHour12();
  const steps = contractTimeline(contract);
  const active = steps.findIndex((s) => s.state === 'current');

  return (
    <Paper variant="outlined" component="section" aria-label="Timeline" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Stepper
        activeStep={active}
        orientation={phone ? 'vertical' : 'horizontal'}
        alternativeLabel={!phone}
        connector={<StepConnector />}
      >
        {steps.map((s) => {
          const muted = s.state === 'upcoming' || s.state === 'skipped';
          return (
            <Step
              key={s.key}
              completed={s.state === 'done'}
              active={s.state === 'current'}
              data-testid={`step-${s.key}`}
              data-state={s.state}
            >
              <StepLabel
                icon={<StepIcon step={s} />}
                error={s.state === 'failed'}
                aria-label={`${s.label}: ${STATE_LABELS[s.state]}`}
                optional={
                  <Box sx={{ color: 'text.secondary', typography: 'caption' }}>
                    {s.at && <Box>{formatDate(s.at, { hour12 })}</Box>}
                    {s.by && <Box sx={{ overflowWrap: 'anywhere' }}>{s.by}</Box>}
                    {s.caption && (
                      <Box sx={{ fontStyle: s.state === 'skipped' ? 'italic' : undefined, mt: 0.25 }}>{s.caption}</Box>
                    )}
                  </Box>
                }
                sx={{
                  // greyed by weight and icon, not by a faint colour: the text keeps a readable contrast
                  '& .MuiStepLabel-label, & .MuiStepLabel-label.Mui-disabled': {
                    fontWeight: s.state === 'current' ? 600 : muted ? 400 : 500,
                    color: s.state === 'failed' ? 'error.dark' : muted ? 'text.secondary' : 'text.primary',
                    textDecoration: s.state === 'skipped' ? 'line-through' : undefined,
                  },
                }}
              >
                <Typography component="span" variant="body2" sx={{ fontWeight: 'inherit', color: 'inherit' }}>
                  {s.label}
                </Typography>
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
    </Paper>
  );
}
