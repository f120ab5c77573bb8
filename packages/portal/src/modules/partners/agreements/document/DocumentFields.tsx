import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MarkdownEditor } from '../../../../components/markdown/MarkdownEditor.tsx';

/** A document typed in the portal: markdown text, or a link to a document kept elsewhere. */
export interface DocumentInput {
  format: 'markdown' | 'link';
  text: string;
  link: string;
}

export const EMPTY_DOCUMENT: DocumentInput = { format: 'markdown', text: '', link: '' };

/** The body's `document`: only the part its format uses. */
export const documentBody = (d: DocumentInput) =>
  d.format === 'link'
    ? { format: 'link' as const, link: d.link.trim() }
    : { format: 'markdown' as const, text: d.text };

export function DocumentFields({
  value,
  onChange,
  errors = {},
  disabled,
}: {
  value: DocumentInput;
  onChange: (d: DocumentInput) => void;
  /** Messages by field (`text`, `link`). */
  errors?: Record<string, string | undefined>;
  disabled?: boolean;
}) {
  return (
    <Stack spacing={1.5}>
      <RadioGroup
        row
        aria-label="Document"
        value={value.format}
        onChange={(e) => onChange({ ...value, format: e.target.value as DocumentInput['format'] })}
      >
        <FormControlLabel
          value="markdown"
          control={<Radio size="small" />}
          label="Write the text"
          disabled={disabled}
        />
        <FormControlLabel
          value="link"
          control={<Radio size="small" />}
          label="Link to a document"
          disabled={disabled}
        />
      </RadioGroup>
      {value.format === 'markdown' ? (
        <MarkdownEditor
          value={value.text}
          onChange={(text) => onChange({ ...value, text })}
          error={errors.text}
          disabled={disabled}
        />
      ) : (
        <TextField
          label="Document link"
          type="url"
          fullWidth
          placeholder="https://"
          value={value.link}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, link: e.target.value })}
          error={!!errors.link}
          helperText={errors.link ?? 'Where both parties read the terms (https://…).'}
        />
      )}
    </Stack>
  );
}
