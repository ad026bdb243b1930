// What the TUI's list screens with n (new row) and d (delete the highlighted row, asked first)
// share: which of the three the screen shows, its rows, read again whenever that changes, and
// the question before a change that cannot be undone.
import { Box, useInput } from 'ink';
import { useState } from 'react';
import { useAction } from './navigation';
import { ListRows, useSelection } from './select-list';
import { Confirm, TextField } from './text-field';
import { useReloadable } from './use-loaded';

export type EditableListMode = 'list' | 'create' | 'delete';

export interface EditableList<T> {
  mode: EditableListMode;
  setMode(mode: EditableListMode): void;
  items: T[];
  /** The highlighted row's index (0 in an empty list). */
  selected: number;
  highlighted: T | undefined;
  reload(): void;
}

/**
 * The rows `load` reads, again when a value in `deps` changes and whenever the mode does (so
 * after each create or delete, with no reload to call); n switches to 'create', d to 'delete'
 * when a row is highlighted, Enter calls `open` with the highlighted row.
 */
export function useEditableList<T>(
  load: () => Promise<T[]>,
  deps: readonly unknown[],
  open?: (item: T) => void,
): EditableList<T> {
  const [mode, setMode] = useState<EditableListMode>('list');
  const [loaded, reload] = useReloadable(load, [...deps, mode]);
  const items = loaded ?? [];
  const selected = useSelection(items.length, mode === 'list', open && ((index) => open(items[index]!)));
  useInput(
    (input) => {
      if (input === 'n') setMode('create');
      if (input === 'd' && items[selected]) setMode('delete');
    },
    { isActive: mode === 'list' },
  );
  return { mode, setMode, items, selected, highlighted: items[selected], reload };
}

/**
 * A question before a change (a delete, a revoke, a sign-out): y makes the `change`, reports
 * `done` once the screen shows it (or the failure), and closes; anything else only closes.
 */
export function ConfirmChange({
  question,
  change,
  done,
  onClose,
}: {
  question: string;
  change(): Promise<unknown>;
  done?: string;
  onClose(): void;
}) {
  const act = useAction();
  return (
    <Confirm
      question={question}
      onNo={onClose}
      onYes={() =>
        act(async () => {
          await change();
          onClose();
        }, done)
      }
    />
  );
}

/**
 * A useEditableList screen's body: its rows, the n field (closed by Esc; `create.submit` closes
 * it once the new row is made) and the question d asks about the highlighted row.
 */
export function EditableListView<T>({
  list,
  empty,
  row,
  create,
  remove,
}: {
  list: EditableList<T>;
  empty: string;
  row(item: T): string;
  create: { label: string; submit(text: string): void | Promise<unknown> };
  remove: { question(item: T): string; change(item: T): Promise<unknown>; done: string };
}) {
  const close = () => list.setMode('list');
  const highlighted = list.highlighted;
  return (
    <Box flexDirection="column">
      <ListRows items={list.items} selected={list.selected} empty={empty} row={row} />
      {list.mode === 'create' ? <TextField label={create.label} onCancel={close} onSubmit={create.submit} /> : null}
      {list.mode === 'delete' && highlighted ? (
        <ConfirmChange question={remove.question(highlighted)} change={() => remove.change(highlighted)} done={remove.done} onClose={close} />
      ) : null}
    </Box>
  );
}
