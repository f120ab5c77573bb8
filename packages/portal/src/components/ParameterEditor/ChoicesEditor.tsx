import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { ParamChoice } from '@trellis/domain/parameters/types';

export interface ChoicesEditorProps {
  choices: ParamChoice[];
  onChange: (choices: ParamChoice[]) => void;
  /** Only one default for choice / dropdown / subdomain; checkbox options may each start checked. */
  singleDefault: boolean;
  error?: string;
  /** What one entry is called ("Choice", "Domain"). */
  noun: string;
}

/** Value / label rows with a default flag; add and remove rows. */
export function ChoicesEditor({ choices, onChange, singleDefault, error, noun }: ChoicesEditorProps) {
  const set = (i: number, patch: Partial<ParamChoice>) => {
    const next = choices.map((c, j) => {
      if (j === i) return { ...c, ...patch };
      return patch.default && singleDefault ? { ...c, default: false } : c;
    });
    onChange(next);
  };
  return (
    <Box role="group" aria-label={`${noun}s`}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {noun}s
      </Typography>
      {choices.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          None yet.
        </Typography>
      )}
      {choices.map((c, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <TextField
            size="small"
            label={`${noun} ${i + 1} value`}
            value={c.value}
            onChange={(e) => set(i, { value: e.target.value })}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label={`${noun} ${i + 1} label`}
            value={c.label}
            onChange={(e) => set(i, { label: e.target.value })}
            sx={{ flex: 1 }}
          />
          <FormControlLabel
            label="Default"
            control={
              <Checkbox size="small" checked={!!c.default} onChange={(e) => set(i, { default: e.target.checked })} />
            }
          />
          <IconButton
            aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`}
            onClick={() => onChange(choices.filter((_, j) => j !== i))}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...choices, { value: '', label: '' }])}>
        Add {noun.toLowerCase()}
      </Button>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
