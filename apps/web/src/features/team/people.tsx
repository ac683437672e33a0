import type { MemberState, Role } from '@app/contracts';
import { Avatar, Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePictureOf } from '../avatars/picture';

export const fullName = (p: { fname: string; lname: string; email?: string }) =>
  [p.fname, p.lname].filter(Boolean).join(' ') || p.email || '';

// Colours whose darkest shade reads on their palest (WCAG AA for the small initials).
const PALETTE = ['blue', 'grape', 'indigo', 'cyan', 'violet', 'red', 'pink'] as const;

/** A colour of the person's own, from their name (the same on every visit). */
function colourOf(name: string) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/**
 * A person's initials on a colour of their own: no request leaves for an avatar service. Dark initials on a pale
 * ground, so they read well whatever the colour.
 */
export function PersonAvatar({
  fname,
  lname,
  size = 36,
  membershipId,
}: {
  fname: string;
  lname: string;
  size?: number | string;
  /** Shows the member's uploaded picture when they have one. */
  membershipId?: string | null;
}) {
  const name = `${fname} ${lname}`.trim() || '?';
  const c = colourOf(name);
  const picture = usePictureOf(membershipId);
  return (
    <Avatar
      name={name}
      src={picture}
      size={size}
      alt=""
      styles={{
        placeholder: { color: `var(--mantine-color-${c}-9)`, background: `var(--mantine-color-${c}-1)` },
      }}
    />
  );
}

const STATE_COLORS: Record<MemberState, string> = {
  active: 'teal',
  invited: 'blue',
  expired: 'orange',
  inactive: 'gray',
};

// Colours whose darkest shade is still too light on their own pale ground: these show as a coloured dot instead.
const DOTTED = new Set(['teal', 'green', 'lime', 'yellow', 'orange']);

/**
 * A light badge whose label is the colour's darkest shade, so it reads on its pale ground (WCAG AA); the bright
 * colours get dark text beside a coloured dot.
 */
export function SoftBadge({ color, children, ...rest }: BadgeProps & { children: ReactNode; 'data-testid'?: string }) {
  if (DOTTED.has(String(color)))
    return (
      <Badge color={color} variant="dot" {...rest}>
        {children}
      </Badge>
    );
  return (
    <Badge color={color} variant="light" styles={{ label: { color: `var(--mantine-color-${color}-9)` } }} {...rest}>
      {children}
    </Badge>
  );
}

export function StateBadge({ state }: { state: MemberState }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={STATE_COLORS[state]} data-testid="member-state">
      {t(`team.state.${state}`)}
    </SoftBadge>
  );
}

/** The roles that say most about a person: the highest first. */
export function roleLabel(roles: readonly Role[], t: (key: string) => string) {
  return roles.map((r) => t(`roles.${r}`)).join(', ');
}

/** Weekly minutes as hours, with up to one decimal ("38", "24.5"). */
export const hoursOf = (minutes: number) => String(Math.round((minutes / 60) * 10) / 10);
