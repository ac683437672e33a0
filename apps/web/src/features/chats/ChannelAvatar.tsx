import { CHAT_AVATAR_MEMBERS, type Channel } from '@app/contracts';
import { Avatar, type AvatarProps, Box } from '@mantine/core';
import { usePictureOf } from '../avatars/picture';
import { avatarStyles, initials, othersOf } from './format';

/**
 * A channel's picture: the other person's initials in a single chat; in a group up to four members' initials in
 * a grid (docs/product/chats.md).
 */
export function ChannelAvatar({
  channel,
  me,
  size = 44,
}: {
  channel: Pick<Channel, 'type' | 'participants'>;
  me: string;
  size?: number;
}) {
  const others = othersOf(channel, me);
  if (channel.type === 'single' || others.length <= 1) {
    const other = others[0];
    return (
      <PersonFace id={other?.id} size={size} radius="xl" styles={avatarStyles(other?.id ?? '')} aria-hidden>
        {other ? initials(other.name) : '?'}
      </PersonFace>
    );
  }
  const shown = others.slice(0, CHAT_AVATAR_MEMBERS);
  const cell = size / 2;
  // Two members split the circle, three give the first the left half, four fill a 2×2 grid.
  const tall = (i: number) => shown.length === 2 || (shown.length === 3 && i === 0);
  return (
    <Box
      className="chat-group-avatar"
      style={{ width: size, height: size, gridTemplateColumns: `repeat(2, ${cell}px)`, gridAutoRows: `${cell}px` }}
      aria-hidden
      data-testid="group-avatar"
    >
      {shown.map((p, i) => (
        <PersonFace
          key={p.id}
          id={p.id}
          size={cell}
          radius={0}
          styles={avatarStyles(p.id)}
          fz={cell * 0.42}
          style={tall(i) ? { height: size, gridRow: 'span 2' } : undefined}
        >
          {initials(p.name)}
        </PersonFace>
      ))}
    </Box>
  );
}

/** A member's uploaded picture when they have one, else the initials given as children. */
export function PersonFace({
  id,
  ...props
}: AvatarProps & { id?: string; children?: React.ReactNode; 'aria-hidden'?: boolean }) {
  const picture = usePictureOf(id);
  return <Avatar src={picture} alt="" {...props} />;
}
