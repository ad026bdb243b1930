// `authd tui`: the admin terminal UI. A stack of screens over the same core functions as the
// CLI; it reads the database on every render, so changes made by a running server or the CLI
// show up at the next key press.
import { Box, Text, useApp, useInput } from 'ink';
import { Component, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import type { Context } from '../../server/core/storage/context';
import { describeCliFailure } from '../cli-support';
import { NavigationContext, type Navigation, type ScreenEntry } from './navigation';
import { ProjectsScreen } from './screens/projects-screen';

/**
 * A screen whose data vanished meanwhile (a user deleted from the CLI, say) throws while
 * reading it; the error is shown in its place and Escape still goes back.
 */
class ScreenBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error !== undefined) return <Text color="red">{describeCliFailure(this.state.error)}</Text>;
    return this.props.children;
  }
}

export function TuiApp({ ctx, first }: { ctx: Context; first?: ScreenEntry }) {
  const { exit } = useApp();
  const [stack, setStack] = useState<ScreenEntry[]>([first ?? { title: 'Projects', element: <ProjectsScreen /> }]);
  const [editing, setEditing] = useState(false);
  const [help, setHelp] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);

  const rememberedRows = useRef(new Map<string, number>()).current;
  const pop = useCallback(() => setStack((screens) => (screens.length > 1 ? screens.slice(0, -1) : screens)), []);
  const screenKey = stack.map((screen) => screen.title).join('\u0000');
  const navigation = useMemo<Navigation>(
    () => ({
      ctx,
      rememberedRows,
      screenKey,
      push: (screen) => {
        setMessage(null);
        // A screen pushed anew starts at its first row.
        rememberedRows.delete([...stack, screen].map((entry) => entry.title).join('\u0000'));
        setStack((screens) => [...screens, screen]);
      },
      pop,
      setEditing,
      setHelp,
      say: (text, tone = 'ok') => setMessage({ text, tone }),
    }),
    [ctx, pop, rememberedRows, screenKey],
  );

  useInput(
    (input, key) => {
      if (input === 'q') exit();
      else if (key.escape && stack.length > 1) {
        setMessage(null);
        pop();
      }
    },
    { isActive: !editing },
  );

  const top = stack[stack.length - 1]!;
  return (
    <NavigationContext.Provider value={navigation}>
      <Box flexDirection="column">
        <Text bold color="blue">
          authd · {stack.map((screen) => screen.title).join(' › ')}
        </Text>
        <Box flexDirection="column" marginY={1}>
          {/* Keyed by depth so that a screen pushed twice starts afresh. */}
          <Box key={screenKey} flexDirection="column">
            <ScreenBoundary>{top.element}</ScreenBoundary>
          </Box>
        </Box>
        {message ? <Text color={message.tone === 'error' ? 'red' : 'green'}>{message.text}</Text> : null}
        <Text dimColor>
          {editing ? 'Enter confirm · Esc cancel' : `${help ? `${help} · ` : ''}${stack.length > 1 ? 'Esc back · ' : ''}q quit`}
        </Text>
      </Box>
    </NavigationContext.Provider>
  );
}
