import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { CaseClose, caseMachine, type Case } from '@trellis/domain/helpdesk/case';
import { errorMessage } from '../../api/errors.ts';
import type { ActionDialogProps } from '../../components/actions/ActionBar.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';

/** What each star means, read out beside them. */
const RATING_LABELS: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

/**
 * The issuer closes a resolved case, optionally rating how it was handled (1 to 5 stars) with a word of feedback
 * (the close action's body, checked with the domain's rules).
 */
export function CloseCaseDialog({ obj, open, onClose, run }: ActionDialogProps<Case>) {
  const [rating, setRating] = useState<number | null>(null);
  const [hover, setHover] = useState(-1);
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [feedbackError, setFeedbackError] = useState<string | undefined>();
  useEffect(() => {
    if (!open) return;
    setRating(null);
    setFeedback('');
    setError(null);
    setFeedbackError(undefined);
  }, [open]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = CaseClose.safeParse({ rating, feedback: feedback.trim() || null });
    if (!body.success) {
      setFeedbackError(body.error.issues.find((i) => i.path[0] === 'feedback')?.message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { rating: r, feedback: f } = body.data;
      await run({ ...(r != null && { rating: r }), ...(f && { feedback: f }) });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const shown = hover !== -1 ? hover : rating;
  return (
    <FormDialog
      open={open}
      title="Close case"
      submitLabel="Close case"
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <Typography variant="body2">{caseMachine.actions.close.intro?.(obj)}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography component="legend" variant="body2" id="case-rating" color="text.secondary">
          Rating (optional)
        </Typography>
        <Rating
          name="case-rating"
          aria-labelledby="case-rating"
          value={rating}
          onChange={(_, v) => setRating(v)}
          onChangeActive={(_, v) => setHover(v)}
          getLabelText={(v) => `${v} star${v === 1 ? '' : 's'}, ${RATING_LABELS[v]}`}
        />
        {shown !== null && shown > 0 && (
          <Typography variant="body2" aria-hidden>
            {RATING_LABELS[shown]}
          </Typography>
        )}
      </Box>
      <TextField
        label="Feedback (optional)"
        multiline
        minRows={3}
        fullWidth
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
        error={!!feedbackError}
        helperText={feedbackError ?? `What ${obj.receiver.account.name} did well, or could do better.`}
      />
    </FormDialog>
  );
}
