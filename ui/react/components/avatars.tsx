// Avatars of the user button and team switcher: a person's is 34 px with two initials
// when there is no image, a team's shows one initial. Built on Ark's Avatar, which shows the
// fallback until (and unless) the image loads.
import { Avatar } from '@ark-ui/react/avatar';
import { avatarClass, imageClass } from './avatar-styles';

/** Two initials: of the first two words of the name, else the first two letters of the name or email. */
export function personInitials(displayName: string | null, email: string | null): string {
  const name = (displayName ?? '').trim();
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (Array.from(words[0]!)[0]! + Array.from(words[1]!)[0]!).toUpperCase();
  const source = name || (email ?? '').split('@')[0]!;
  return Array.from(source).slice(0, 2).join('').toUpperCase();
}

export function teamInitial(displayName: string): string {
  return (Array.from(displayName.trim())[0] ?? '').toUpperCase();
}

// Nobody to take initials from (signed out): a person outline instead of an empty circle.
const personOutline = (
  <svg
    width="60%"
    height="60%"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
  >
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);

function AvatarImage(props: { imageUrl: string | null; fallback: string; size: number }) {
  return (
    // Decorative: the name always appears beside or around it.
    <Avatar.Root
      className={avatarClass}
      style={{ width: props.size, height: props.size, fontSize: Math.round(props.size * 0.4) }}
      aria-hidden="true"
    >
      <Avatar.Fallback
        style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%' }}
      >
        {props.fallback || personOutline}
      </Avatar.Fallback>
      {props.imageUrl && <Avatar.Image className={imageClass} src={props.imageUrl} alt="" />}
    </Avatar.Root>
  );
}

export function UserAvatar(props: { displayName: string | null; email: string | null; imageUrl: string | null; size?: number }) {
  return (
    <AvatarImage imageUrl={props.imageUrl} fallback={personInitials(props.displayName, props.email)} size={props.size ?? 34} />
  );
}

export function TeamAvatar(props: { displayName: string; imageUrl: string | null; size?: number }) {
  return <AvatarImage imageUrl={props.imageUrl} fallback={teamInitial(props.displayName)} size={props.size ?? 24} />;
}
