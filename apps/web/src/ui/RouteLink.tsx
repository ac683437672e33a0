import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePathTo } from './useLang';

interface Props extends AnchorProps {
  route: string;
  params?: Record<string, string>;
  search?: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** A link to a route by its key, in the current language. */
export function RouteLink({ route, params, search, children, ...rest }: Props) {
  const pathTo = usePathTo();
  return (
    <Anchor component={Link} to={`${pathTo(route, params)}${search ?? ''}`} {...rest}>
      {children}
    </Anchor>
  );
}
