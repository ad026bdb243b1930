// A one-line text input: it owns the keyboard while shown (q and Escape are its own), Enter
// submits, Escape cancels. `masked` hides what is typed (passwords).
import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { describeCliFailure } from '../cli-support';
import { useNavigation } from './navigation';

/** Runs a handler that may be async (a change through core); its failure goes to the message line. */
function useHandler() {
  const { say } = useNavigation();
  return (handle: () => void | Promise<unknown>) => {
    Promise.resolve()
      .then(handle)
      .catch((error: unknown) => say(describeCliFailure(error), 'error'));
  };
}

export interface TextFieldProps {
  label: string;
  initial?: string;
  masked?: boolean;
  onChange?(value: string): void;
  onSubmit(value: string): void | Promise<unknown>;
  onCancel(): void;
}

export function TextField({ label, initial = '', masked = false, onChange, onSubmit, onCancel }: TextFieldProps) {
  const { setEditing } = useNavigation();
  const run = useHandler();
  const [value, setValue] = useState(initial);
  // Several keys can arrive before the next render (a paste, fast typing); the ref sees them all.
  const current = useRef(initial);
  useEffect(() => {
    setEditing(true);
    return () => setEditing(false);
  }, [setEditing]);

  const update = (next: string) => {
    current.current = next;
    setValue(next);
    onChange?.(next);
  };
  useInput((input, key) => {
    if (key.escape) return onCancel();
    if (key.return) return run(() => onSubmit(current.current));
    // Terminals send DEL (0x7f) for Backspace, which Ink reports as delete.
    if (key.backspace || key.delete) return update(current.current.slice(0, -1));
    if (key.ctrl || key.meta || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return;
    // Keys typed together (fast typing, a paste, tmux) can arrive as one chunk that Ink does
    // not split: go through it character by character.
    let text = current.current;
    for (const char of input) {
      if (char === '\r' || char === '\n') {
        update(text);
        return run(() => onSubmit(text));
      }
      if (char === '\x7f' || char === '\b') text = text.slice(0, -1);
      else if (char >= ' ') text += char;
    }
    update(text);
  });

  return (
    <Box>
      <Text color="cyan">{label}: </Text>
      <Text>{masked ? '•'.repeat(value.length) : value}</Text>
      <Text inverse> </Text>
    </Box>
  );
}

/** A yes/no question: y confirms, anything else cancels. */
export function Confirm({ question, onYes, onNo }: { question: string; onYes(): void | Promise<unknown>; onNo(): void }) {
  const { setEditing } = useNavigation();
  const run = useHandler();
  useEffect(() => {
    setEditing(true);
    return () => setEditing(false);
  }, [setEditing]);
  useInput((input) => (input.toLowerCase() === 'y' ? run(onYes) : onNo()));
  return (
    <Text color="yellow">
      {question} <Text bold>[y/N]</Text>
    </Text>
  );
}
