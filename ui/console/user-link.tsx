// A user of a project named the way every console list names one (display name, else primary
// email, else id), linked to that user's page.
import { Link } from '@tanstack/react-router';
import { linkClass } from './styles';

/** The fields of any user row the API lists (users, team members, the newest sign-ups). */
interface NamedUser {
  id: string;
  display_name?: string | null;
  primary_email?: string | null;
}

export function UserLink(props: { projectId: string; user: NamedUser }) {
  const { user } = props;
  return (
    <Link to="/projects/$projectId/users/$userId" params={{ projectId: props.projectId, userId: user.id }} className={linkClass}>
      {user.display_name ?? user.primary_email ?? user.id}
    </Link>
  );
}
