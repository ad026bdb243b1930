// A link to another screen of the handler: a real href (new tab, copy link), while a plain click
// moves within the app through the runtime's navigate, as the host app routes.
import type { ReactNode } from 'react';
import { useAuthRuntime } from '../auth-context';
import { linkClass } from './styles';

export function InAppLink(props: { href: string; children: ReactNode }) {
  const runtime = useAuthRuntime();
  return (
    <a
      className={linkClass}
      href={props.href}
      onClick={(event) => {
        event.preventDefault();
        runtime.navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}
