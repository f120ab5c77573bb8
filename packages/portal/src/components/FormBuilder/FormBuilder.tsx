import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useMemo, useState } from 'react';
import { constraintFlags } from '@trellis/domain/catalog/parameter';
import { formParameters, type FormField, type FormSchema } from '@trellis/domain/parameters/form-schema';
import { PARAMETER_TYPE_LABELS } from '@trellis/domain/parameters/types';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { FormPreviewPanel } from '../ParameterEditor/FormPreview.tsx';
import { FieldDialog } from './FieldDialog.tsx';
import { dependentsOf, movedField, withField, withoutField } from './fields.ts';

export interface FormBuilderProps {
  /** The form being edited. */
  value: FormSchema;
  onChange: (next: FormSchema) => void;
  /** Show the fields and the preview only. */
  readOnly?: boolean;
  /** Messages of the last save per field index (the server's `schema.fields.N…` errors). */
  fieldErrors?: Record<number, string[]>;
}

/** One field's flags as chips (required, hidden, read-only, depends on …). */
function FieldFlags({ field, titleOf }: { field: FormField; titleOf: (name: string) => string }) {
  const flags = constraintFlags({ constraints: (field.constraints ?? {}) as never }, titleOf);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, ml: 1 }}>
      {flags.map((f) => (
        <Chip key={f} size="small" variant="outlined" label={f} />
      ))}
    </Box>
  );
}

/**
 * Builds a custom form: its fields in order, each edited with the catalogue's parameter editor (add, edit, move,
 * remove), beside a live preview filled and validated with the shared parameter form and validator. Changes go to
 * `onChange`; the page saves them.
 */
export function FormBuilder({ value, onChange, readOnly = false, fieldErrors = {} }: FormBuilderProps) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const parameters = useMemo(() => formParameters(value), [value]);
  const titleOf = (name: string) => value.fields.find((f) => f.name === name)?.title ?? name;
  const fields = value.fields;
  const removed = removing === null ? null : fields[removing];
  const dependents = removed ? dependentsOf(value, removed.name) : [];

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
      <Box component="section" aria-label="Fields">
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Fields
          </Typography>
          {!readOnly && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add field
            </Button>
          )}
        </Box>
        {fields.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No fields yet.{!readOnly && ' Add the questions partners answer, in the order they read them.'}
          </Typography>
        ) : (
          <Paper variant="outlined">
            <List dense disablePadding>
              {fields.map((f, i) => (
                <ListItem
                  key={f.name}
                  divider={i < fields.length - 1}
                  secondaryAction={
                    readOnly ? undefined : (
                      <Box sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title="Move up">
                          <span>
                            <IconButton
                              size="small"
                              aria-label={`Move ${f.title} up`}
                              disabled={i === 0}
                              onClick={() => onChange(movedField(value, i, -1))}
                            >
                              <ArrowUpwardIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title="Move down">
                          <span>
                            <IconButton
                              size="small"
                              aria-label={`Move ${f.title} down`}
                              disabled={i === fields.length - 1}
                              onClick={() => onChange(movedField(value, i, 1))}
                            >
                              <ArrowDownwardIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <IconButton size="small" aria-label={`Edit ${f.title}`} onClick={() => setEditing(i)}>
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                        <IconButton size="small" aria-label={`Remove ${f.title}`} onClick={() => setRemoving(i)}>
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Box>
                    )
                  }
                  sx={{ pr: readOnly ? 2 : 20 }}
                >
                  <ListItemText
                    primary={
                      <>
                        {f.title}
                        <FieldFlags field={f} titleOf={titleOf} />
                      </>
                    }
                    secondary={
                      <>
                        {`${PARAMETER_TYPE_LABELS[f.type]} · ${f.name}`}
                        {fieldErrors[i]?.map((m) => (
                          <Typography key={m} component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                            {m}
                          </Typography>
                        ))}
                      </>
                    }
                    slotProps={{ primary: { component: 'div' }, secondary: { component: 'div' } }}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Box>
      <Box component="section" aria-label="Preview">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Preview
        </Typography>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {parameters.length ? (
            <FormPreviewPanel parameters={parameters} />
          ) : (
            <Typography color="text.secondary">The form a partner fills in shows here.</Typography>
          )}
        </Paper>
      </Box>
      {!readOnly && (
        <FieldDialog
          open={editing !== null}
          fields={fields}
          index={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(field, index) => {
            onChange(withField(value, index, field));
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={removed !== null}
        title="Remove field"
        confirmLabel="Remove"
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          onChange(withoutField(value, removing!));
        }}
      >
        {removed &&
          `Remove ${removed.title} from the form?${
            dependents.length
              ? ` ${dependents.map((f) => f.title).join(', ')} ${dependents.length === 1 ? 'depends' : 'depend'} on it and will be shown without that condition.`
              : ''
          }`}
      </ConfirmDialog>
    </Box>
  );
}
