import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useState } from 'react';

/** The ⋮ menu of a list row offering Edit and Delete (one narrow cell, so it stays in view on a phone). */
export function EditDeleteMenu<T>({
  row,
  label,
  onEdit,
  onDelete,
}: {
  row: T;
  /** What the button is named for assistive technology ("Actions for rule 10.0.0.0/8"). */
  label: string;
  onEdit: (r: T) => void;
  onDelete: (r: T) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (fn: (r: T) => void) => () => {
    setAnchor(null);
    fn(row);
  };
  return (
    <>
      <IconButton size="small" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem dense onClick={pick(onEdit)}>
          <ListItemText>Edit</ListItemText>
        </MenuItem>
        <MenuItem dense onClick={pick(onDelete)} sx={{ color: 'error.main' }}>
          <ListItemText>Delete</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
