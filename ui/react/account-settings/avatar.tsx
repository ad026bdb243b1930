// The round image of a user or team, with initials when there is no image (two for users,
// one for teams, as in Stack's components).
import { avatarClass } from './settings-styles';

export function initialsOf(name: string | null | undefined, count: 1 | 2): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, count)
    .map((word) => [...word][0]!.toUpperCase())
    .join('');
}

export function Avatar(props: { imageUrl: string | null; name: string | null; size: number; initials: 1 | 2 }) {
  const fontSize = Math.round(props.size * 0.4);
  return (
    <span className={avatarClass} style={{ width: props.size, height: props.size, fontSize }} aria-hidden="true">
      {props.imageUrl ? <img src={props.imageUrl} alt="" /> : initialsOf(props.name, props.initials)}
    </span>
  );
}
