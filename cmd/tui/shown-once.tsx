// Credentials the TUI shows only once, right after they are made (API keys, an OIDC client's
// secret): framed in green, so they stand out from the list to copy before leaving the screen.
import { Box, Text } from 'ink';

/** `heading`, then one row a credential, its value in a column after the longest label; a row without a value is left out. */
export function ShownOnce({ heading, rows }: { heading: string; rows: [label: string, value: string | undefined][] }) {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="green" paddingX={1}>
      <Text bold>{heading}</Text>
      {rows.map(([label, value]) =>
        value ? (
          <Text key={label}>
            {label.padEnd(width)}
            {value}
          </Text>
        ) : null,
      )}
    </Box>
  );
}
