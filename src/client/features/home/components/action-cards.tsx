import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { NavItem } from '../../../../shared/navigation.ts';
import { TEXT } from '../../../../shared/messages.ts';
import { HOME_UI } from '../messages.ts';

interface ActionGroup {
  title: string;
  description: string;
  links: { label: string; path: string }[];
}

/** The menu as cards: one per dropdown, and the single-page entries (Institutions, Valid Programs, Admin) together. */
export function actionGroups(menu: readonly NavItem[]): ActionGroup[] {
  const groups: ActionGroup[] = [];
  const singles: ActionGroup['links'] = [];
  for (const item of menu) {
    if (item.children) {
      groups.push({
        title: item.label,
        description: HOME_UI.descriptions[item.label] ?? '',
        links: item.children.flatMap((child) => (child.path ? [{ label: child.label, path: child.path }] : [])),
      });
    } else if (item.path) {
      singles.push({ label: item.label, path: item.path });
    }
  }
  if (singles.length > 0)
    groups.push({ title: HOME_UI.administrationTitle, description: HOME_UI.administrationBody, links: singles });
  return groups.filter((group) => group.links.length > 0);
}

/** "What you can do": a way into each task the user may do. */
export function ActionCards({ menu }: { menu: readonly NavItem[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-actions">
      <Title order={2} fz="h3" id="home-actions">
        {TEXT.home.actionsTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {actionGroups(menu).map((group) => (
          <Card key={group.title} withBorder radius="md" padding="lg">
            <Stack gap="xs">
              <Title order={3} fz="lg">
                {group.title}
              </Title>
              <Text size="sm">{group.description}</Text>
              <List spacing={4} size="sm">
                {group.links.map((link) => (
                  <List.Item key={link.label}>
                    <Anchor component={Link} to={link.path} size="sm">
                      {link.label}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
