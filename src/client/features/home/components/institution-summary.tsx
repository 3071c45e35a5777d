import { Badge, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import { TEXT } from '../../../../shared/messages.ts';
import { HOME_UI } from '../messages.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { summariseAccess, type AccessLevel } from '../lib/access-summary.ts';

const LEVEL_COLOURS: Record<AccessLevel, string> = { admin: 'navy', write: 'teal', read: 'gray' };

/** "Your institutions": global rights, then each institution the user's lists name, with the right held. */
export function InstitutionSummary({ profile }: { profile: Profile }) {
  const { read, write, admin } = profile.privileges;
  const named = read.length + write.length + admin.length > 0;
  const institutions = useInstitutions({ enabled: named });
  const summary = summariseAccess(profile, institutions.data, HOME_UI.institutionFallback);

  return (
    <Stack gap="sm" component="section" aria-labelledby="home-institutions">
      <Title order={2} fz="h3" id="home-institutions">
        {TEXT.home.institutionsTitle}
      </Title>
      {summary.global ? (
        <Group gap="sm">
          <Badge size="lg" variant="filled" color="navy">
            {TEXT.home.allInstitutions}
          </Badge>
          <Text>{summary.global === 'admin' ? TEXT.home.adminAll : TEXT.home.readAll}</Text>
        </Group>
      ) : null}
      {profile.institution ? <Text>{HOME_UI.homeInstitution(profile.institution)}</Text> : null}
      {named ? (
        <>
          <Text size="sm">{HOME_UI.privilegeCounts(summary.counts.read, summary.counts.write, summary.counts.admin)}</Text>
          {institutions.isPending ? (
            <Stack gap={6}>
              <Skeleton height={18} width="60%" />
              <Skeleton height={18} width="50%" />
            </Stack>
          ) : (
            <List spacing={6} listStyleType="none" pl={0}>
              {summary.institutions.map((inst) => (
                <List.Item key={inst.id}>
                  <Group gap="xs" wrap="nowrap">
                    <Badge
                      variant="light"
                      color={LEVEL_COLOURS[inst.level]}
                      // At least as wide as the widest level, so the names line up; never cut ("ADM…").
                      miw={72}
                      style={{ flexShrink: 0 }}
                      data-testid="access-level"
                      styles={{ label: { color: 'var(--mantine-color-black)' } }}
                    >
                      {HOME_UI.accessLevel[inst.level]}
                    </Badge>
                    <Text>{inst.name}</Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
          {institutions.isError && !summary.namesKnown ? (
            <Text size="sm" c="dimmed">
              {HOME_UI.institutionsUnavailable}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
