import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** A table's naming cell: the row's name, linking to the row's own page (underlined under the pointer, not bold). */
export function RowLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} fw={500} fz="inherit" underline="hover">
      {children}
    </Anchor>
  );
}
