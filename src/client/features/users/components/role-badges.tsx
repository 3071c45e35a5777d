import { Badge, Group } from '@mantine/core';
import type { Role } from '../../../../shared/schemas/profile.ts';
import { USER_UI } from '../messages.ts';

/** Strong roles stand out; text stays black on the light badges for contrast. */
const STYLE: Record<Role, { color: string; variant: 'filled' | 'light' | 'outline' }> = {
  'app admin': { color: 'navy', variant: 'filled' },
  admin: { color: 'navy', variant: 'light' },
  write: { color: 'teal', variant: 'light' },
  read: { color: 'gray', variant: 'light' },
  employee: { color: 'gray', variant: 'outline' },
  user: { color: 'gray', variant: 'outline' },
};

const ORDER: readonly Role[] = ['app admin', 'admin', 'write', 'read', 'employee', 'user'];

/** The roles as badges, strongest first. */
export function RoleBadges({ roles, size = 'sm' }: { roles: readonly Role[]; size?: 'sm' | 'md' }) {
  const sorted = ORDER.filter((role) => roles.includes(role));
  return (
    <Group gap={4} wrap="wrap" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {sorted.map((role) => {
        const { color, variant } = STYLE[role];
        return (
          <li key={role}>
            <Badge
              size={size}
              color={color}
              variant={variant}
              tt="none"
              styles={{
                root: { minWidth: 'max-content', overflow: 'visible' },
                label: variant === 'filled' ? undefined : { color: 'var(--mantine-color-black)' },
              }}
            >
              {USER_UI.roles[role]}
            </Badge>
          </li>
        );
      })}
    </Group>
  );
}
