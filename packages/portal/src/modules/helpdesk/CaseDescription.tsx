import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Case } from '@trellis/domain/helpdesk/case';
import { MessageText } from './conversation/MessageText.tsx';

/** The case's description as both parties read it: markdown rendered like the messages of its conversation. */
export function CaseDescription({ obj }: { obj: Case }) {
  return (
    <Box component="section" aria-labelledby="case-description" sx={{ mb: 3 }}>
      <Typography id="case-description" component="h2" variant="subtitle2" sx={{ mb: 1, color: 'text.secondary' }}>
        Description
      </Typography>
      <MessageText text={obj.description} />
    </Box>
  );
}
