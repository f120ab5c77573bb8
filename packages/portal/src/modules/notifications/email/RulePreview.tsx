import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { DocumentFrame } from '../../../components/markdown/DocumentFrame.tsx';
import { previewCall, useRulePreview, type PreviewTemplate, type RulePreviewAnswer } from './rulePreview.ts';
import { useDebounced } from './useDebounced.ts';

/** How long typing pauses before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 400;

export interface RulePreviewProps {
  subscriptionId: string;
  /** The saved rule; none for a rule being added (previewed through its subscription, without a test mail). */
  ruleId: string | null;
  /** The template as typed; undefined while its subject or body is empty. */
  template: PreviewTemplate | undefined;
}

type Outcome = { severity: 'success' | 'error'; text: string };

/** The test mail's button and its outcome: the rule's template as typed, mailed to the signed-in user only. */
function SendTest({ subscriptionId, ruleId, template }: RulePreviewProps & { ruleId: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const send = useWrite<RulePreviewAnswer, void>(
    { method: 'POST', path: previewCall(subscriptionId, ruleId, 'send-test'), body: () => ({ template }) },
    { lists: [] },
  );
  useEffect(() => setOutcome(null), [ruleId]);
  const sendTest = async () => {
    setOutcome(null);
    try {
      const answer = await send.mutateAsync();
      setOutcome({ severity: 'success', text: `A test mail is on its way to ${answer.sent_to ?? 'you'}.` });
    } catch (err) {
      setOutcome({ severity: 'error', text: `The test mail was not sent: ${errorMessage(err)}` });
    }
  };
  return (
    <Stack spacing={1}>
      <Box>
        <Button variant="outlined" size="small" onClick={() => void sendTest()} disabled={send.isPending || !template}>
          {send.isPending ? 'Sending…' : 'Send test'}
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          Mails this preview to you only.
        </Typography>
      </Box>
      {outcome && (
        <Alert severity={outcome.severity} role="status" onClose={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The mail as the server renders it while the template is typed (debounced): against the newest object of the event's
 * kind the account reads, its subject and its HTML body (markdown rendered without raw HTML, shown in a sandboxed
 * frame); and a test mail to the user.
 */
export function RulePreview(props: RulePreviewProps) {
  const { subscriptionId, ruleId } = props;
  const template = useDebounced(props.template, PREVIEW_DEBOUNCE_MS);
  const preview = useRulePreview(subscriptionId, ruleId, template);
  const answer = preview.data?.preview;

  let content;
  if (!props.template)
    content = (
      <Typography variant="body2" color="text.secondary">
        Write a subject and a body to see the mail.
      </Typography>
    );
  else if (preview.isError) content = <Alert severity="error">{errorMessage(preview.error)}</Alert>;
  else if (answer)
    content = (
      <>
        <Typography variant="body2" color="text.secondary">
          {answer.object
            ? `Rendered against ${answer.object.id}, the newest one your account reads.`
            : 'Your account reads no such object yet: its variables show empty.'}
        </Typography>
        <Typography variant="subtitle2" aria-label="Preview subject">
          {answer.subject}
        </Typography>
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
          <DocumentFrame html={answer.html} title="Preview body" />
        </Box>
      </>
    );
  return (
    <Stack spacing={1.5} role="region" aria-label="Preview">
      <Typography variant="overline" color="text.secondary">
        Preview
      </Typography>
      {preview.isFetching && <LinearProgress aria-label="Rendering the preview" />}
      {content}
      {ruleId && <SendTest {...props} ruleId={ruleId} />}
    </Stack>
  );
}
