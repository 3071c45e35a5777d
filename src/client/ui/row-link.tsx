import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** A table's naming cell: the row's name in bold, linking to the row's own page. */
export function RowLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} fw={600}>
      {children}
    </Anchor>
  );
}
