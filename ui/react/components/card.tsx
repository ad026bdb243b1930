// The frame every screen sits in: the themed root (light/dark), the tab's title and the 380 px
// card, plus the message card used for results and errors (a title, text and one or two buttons).
import { useEffect, useState, type ReactNode } from 'react';
import { useAuthRuntime, useProjectValue, type ThemeChoice } from '../auth-context';
import {
  bodyTextClass,
  buttonRowClass,
  cardClass,
  pageClass,
  primaryButtonClass,
  projectNameClass,
  secondaryButtonClass,
  titleClass,
} from './styles';
import { useLocale } from '../i18n/messages-context';
import { textDirectionOf } from '../../../server/protocol/locales';

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function useResolvedTheme(choice: ThemeChoice): 'light' | 'dark' {
  const [systemDark, setSystemDark] = useState(prefersDark);
  useEffect(() => {
    if (choice !== 'system' || typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const update = () => setSystemDark(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [choice]);
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** The element authd's styles (reset, theme variables) apply inside. */
export function ThemeRoot(props: { children: ReactNode }) {
  const theme = useResolvedTheme(useAuthRuntime().theme);
  // The screens' own language and direction, also inside a host app's page of another language.
  const locale = useLocale();
  return (
    <div className={`authd-root ${pageClass}`} data-authd-theme={theme} lang={locale} dir={textDirectionOf(locale)}>
      {props.children}
    </div>
  );
}

/** Names the tab after the screen and the project ("Account Settings – Demo"), as the server does for the first screen. */
export function useDocumentTitle(screen: string): void {
  const projectName = useProjectValue()?.displayName;
  useEffect(() => {
    document.title = projectName ? `${screen} – ${projectName}` : screen;
  }, [screen, projectName]);
}

export function Card(props: { title?: string; children?: ReactNode; testId?: string }) {
  // The project's name above the title, so visitors know where they are signing in.
  const projectName = useProjectValue()?.displayName;
  return (
    <ThemeRoot>
      <section className={cardClass} data-testid={props.testId}>
        {projectName && (
          <p className={projectNameClass} data-testid="project-name">
            {projectName}
          </p>
        )}
        {props.title !== undefined && <h1 className={titleClass}>{props.title}</h1>}
        {props.children}
      </section>
    </ThemeRoot>
  );
}

export interface CardAction {
  label: string;
  onClick(): void;
}

/** A result or error card: title, text, and a primary (plus optional secondary) button. */
export function MessageCard(props: {
  title: string;
  children?: ReactNode;
  primary?: CardAction;
  secondary?: CardAction;
  testId?: string;
}) {
  return (
    <Card title={props.title} testId={props.testId}>
      {props.children}
      {(props.primary || props.secondary) && (
        <div className={buttonRowClass}>
          {props.secondary && (
            <button type="button" className={secondaryButtonClass} onClick={props.secondary.onClick}>
              {props.secondary.label}
            </button>
          )}
          {props.primary && (
            <button type="button" className={primaryButtonClass} onClick={props.primary.onClick}>
              {props.primary.label}
            </button>
          )}
        </div>
      )}
    </Card>
  );
}

export function CardText(props: { children: ReactNode }) {
  return <p className={bodyTextClass}>{props.children}</p>;
}
