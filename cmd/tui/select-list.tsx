// A list with a highlighted row: ↑/↓ (or k/j) move, Enter opens. The caller renders each row.
import { Box, Text, useInput } from 'ink';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigation } from './navigation';

export function useSelection(length: number, active: boolean, onOpen?: (index: number) => void) {
  const { rememberedRows, screenKey } = useNavigation();
  const [selected, setSelected] = useState(() => rememberedRows.get(screenKey) ?? 0);
  // Keys typed quickly arrive together and are handled before the next render; the ref keeps
  // "Down, Enter" opening the row Down moved to.
  const current = useRef(selected);
  current.current = Math.min(current.current, Math.max(0, length - 1));
  const move = (to: number) => {
    current.current = Math.max(0, Math.min(length - 1, to));
    setSelected(current.current);
    rememberedRows.set(screenKey, current.current);
  };
  useInput(
    (input, key) => {
      if (key.upArrow || input === 'k') move(current.current - 1);
      if (key.downArrow || input === 'j') move(current.current + 1);
      if (key.return && length > 0) onOpen?.(current.current);
    },
    { isActive: active },
  );
  return Math.min(selected, Math.max(0, length - 1));
}

export function ListRows<T>({
  items,
  selected,
  empty,
  row,
  limit = 15,
}: {
  items: T[];
  selected: number;
  empty: string;
  row(item: T): ReactNode;
  limit?: number;
}) {
  if (items.length === 0) return <Text dimColor>{empty}</Text>;
  // Keep the highlighted row in view on short terminals.
  const start = Math.max(0, Math.min(selected - Math.floor(limit / 2), items.length - limit));
  return (
    <Box flexDirection="column">
      {items.slice(start, start + limit).map((item, offset) => {
        const isSelected = start + offset === selected;
        return (
          <Text key={start + offset} inverse={isSelected}>
            {isSelected ? '› ' : '  '}
            {row(item)}
          </Text>
        );
      })}
      {items.length > limit ? <Text dimColor>  {items.length} in all</Text> : null}
    </Box>
  );
}
