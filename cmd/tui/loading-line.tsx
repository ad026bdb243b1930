// What a screen shows until its first read from core has answered (cmd/tui/use-loaded.ts).
import { Text } from 'ink';

export function LoadingLine() {
  return <Text dimColor>Loading…</Text>;
}
