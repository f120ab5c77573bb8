import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import type { ConversationMessage } from '@trellis/domain/helpdesk/conversation';
import { mentionMarkup, mentionQuery } from '@trellis/domain/helpdesk/mention';
import { matchesMention, useMentionPeople, type MentionPerson } from './mentions.ts';

/** How many people the list shows at once; typing more of the name narrows it. */
const SHOWN = 8;

export interface MentionPickerProps {
  /** The text of the box inside (`children`), and how it changes. */
  value: string;
  onChange: (text: string) => void;
  /** The thread: its authors are offered besides one's own account's users. */
  messages: readonly ConversationMessage[];
  /** A private message: only one's own account's users are offered. */
  ownOnly?: boolean;
  /** The message box (a MarkdownEditor): its textarea's typing, caret and keys are followed from here. */
  children: ReactNode;
}

/**
 * Mentions for a message box: typing `@` and part of a name offers the matching people below the box; ↑/↓ choose,
 * Enter or Tab (or a click) inserts `@[Name](UR-…)`, Escape closes the list. Nothing to offer: no list.
 */
export function MentionPicker({ value, onChange, messages, ownOnly = false, children }: MentionPickerProps) {
  const listId = useId();
  const [box, setBox] = useState<HTMLTextAreaElement | null>(null);
  /** The list shows while the box has the focus (a click elsewhere, or the preview tab, closes it). */
  const [inBox, setInBox] = useState(false);
  const [caret, setCaret] = useState(0);
  /** The chosen person's place in the list, for the mention being typed (`key`); another one starts at the top. */
  const [active, setActive] = useState({ key: '', index: 0 });
  /** Where the `@` stands whose list Escape closed (it opens again at another `@`). */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const typing = box && inBox ? mentionQuery(value, caret) : null;
  const people = useMentionPeople(messages, ownOnly, !!typing);
  const matches =
    typing && typing.start !== dismissed ? people.filter((p) => matchesMention(p, typing.query)).slice(0, SHOWN) : [];
  const open = matches.length > 0;
  const key = typing ? `${typing.start}:${typing.query}` : '';
  const chosen = active.key === key ? Math.min(active.index, matches.length - 1) : 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  // the caret and box the user types in (a change, a click or arrow keys move it)
  const follow = (e: SyntheticEvent) => {
    const el = e.target;
    if (!(el instanceof HTMLTextAreaElement)) return;
    const at = el.selectionStart ?? el.value.length;
    setBox(el);
    setInBox(true);
    setCaret(at);
    // an `@` typed anew offers the list again
    if (!mentionQuery(el.value, at)) setDismissed(null);
  };
  const left = (e: SyntheticEvent) => {
    if (e.target instanceof HTMLTextAreaElement) setInBox(false);
  };

  // the box names the list it controls and the person chosen in it while it is open (attributes a textbox takes)
  useEffect(() => {
    if (!box) return;
    box.setAttribute('aria-autocomplete', 'list');
    if (open) {
      box.setAttribute('aria-controls', listId);
      box.setAttribute('aria-activedescendant', optionId(chosen));
    } else {
      box.removeAttribute('aria-controls');
      box.removeAttribute('aria-activedescendant');
    }
  });

  // after an insertion the caret goes right after the mention, once the box shows the new text
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !box || box.value !== value) return;
    pendingCaret.current = null;
    box.focus();
    box.setSelectionRange(at, at);
  }, [value, box]);

  const pick = (person: MentionPerson) => {
    if (!typing) return;
    const inserted = `${mentionMarkup(person)} `;
    const at = typing.start + inserted.length;
    pendingCaret.current = at;
    setCaret(at);
    onChange(value.slice(0, typing.start) + inserted + value.slice(caret));
  };

  const keys = (e: KeyboardEvent) => {
    if (!open || e.ctrlKey || e.metaKey || e.altKey) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (step) setActive({ key, index: (chosen + step + matches.length) % matches.length });
    else if (e.key === 'Enter' || e.key === 'Tab') pick(matches[chosen]);
    else if (e.key === 'Escape') setDismissed(typing!.start);
    else return;
    // the list's key, not the box's (no new line), the form's or a dialog's (Escape)
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div onChange={follow} onSelect={follow} onClick={follow} onBlur={left} onKeyDownCapture={keys}>
      {children}
      <Popper open={open} anchorEl={box} placement="bottom-start" sx={{ zIndex: (theme) => theme.zIndex.tooltip }}>
        <Paper elevation={8} sx={{ maxWidth: 360 }}>
          <MenuList id={listId} role="listbox" aria-label="Mention someone" dense autoFocusItem={false}>
            {matches.map((p, i) => (
              <MenuItem
                key={p.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === chosen}
                selected={i === chosen}
                // the box keeps the focus: typing goes on where it was
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(p)}
              >
                <ListItemText primary={p.name} secondary={p.account} />
              </MenuItem>
            ))}
          </MenuList>
        </Paper>
      </Popper>
    </div>
  );
}
