import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Program } from '../../../../shared/schemas/program.ts';
import { programFacts } from '../lib/program-facts.ts';
import { PROGRAM_UI } from '../messages.ts';

/** An inactive program, read only: what it was, and a link to its institution; Reactivate (above) makes it editable. */
export function ProgramFacts({ program, institutionLabel }: { program: Program; institutionLabel: string }) {
  return (
    <Paper withBorder p="lg" radius="md" maw="44rem" data-testid="program-facts">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {PROGRAM_UI.readOnly.title}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
          {programFacts(program, institutionLabel).map((fact) => (
            <div key={fact.label}>
              <Text component="dt" size="sm" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" fw={600} m={0}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Anchor component={Link} to={`/institutions/${program.institution_id}`} size="sm">
          {PROGRAM_UI.form.institutionLink}
        </Anchor>
      </Stack>
    </Paper>
  );
}
