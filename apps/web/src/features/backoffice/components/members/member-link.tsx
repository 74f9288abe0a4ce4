import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { memberPath } from '../../paths';

/** A member named in a row (`#12` unless told), opening their page. */
export function MemberLink({ id, children }: { id: number; children?: ReactNode }) {
  return (
    <Anchor component={Link} to={memberPath(id)} size="sm">
      {children ?? `#${id}`}
    </Anchor>
  );
}
