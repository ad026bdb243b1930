// The themed element the dropdown widgets render in: authd's scoped reset and theme variables
// apply inside it, and it stays inline in the host's header or sidebar. The floating list renders
// inside it too (no portal), so it keeps the widget's theme and styles.
import type { ReactNode } from 'react';
import { useAuthRuntime } from '../auth-context';
import { useResolvedTheme } from './card';
import { widgetRootClass } from './widget-styles';

export function WidgetRoot(props: { children: ReactNode; testId?: string }) {
  const theme = useResolvedTheme(useAuthRuntime().theme);
  return (
    <div className={`authd-root ${widgetRootClass}`} data-authd-theme={theme} data-testid={props.testId}>
      {props.children}
    </div>
  );
}
