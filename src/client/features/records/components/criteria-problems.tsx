import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CriteriaIssue } from '../../../../shared/find-criteria-url.ts';

export interface CriteriaProblemsProps {
  title: string;
  body: string;
  issues: readonly CriteriaIssue[];
  /** What the person can do instead: links to a clean list or a new search. */
  actions?: ReactNode;
  testId?: string;
}

/** A URL whose criteria cannot be used: what is wrong with it, in the API's words, and a way on. */
export function CriteriaProblems({ title, body, issues, actions, testId = 'criteria-problems' }: CriteriaProblemsProps) {
  return (
    <Alert
      color="red"
      variant="outline"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={
        <Text component="h2" fw={700} fz="md" c="red.9">
          {title}
        </Text>
      }
      data-testid={testId}
      maw="52rem"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{body}</Text>
        <List size="sm" spacing={4}>
          {issues.map((issue) => (
            <List.Item key={`${issue.name ?? ''}:${issue.message}`}>{issue.message}</List.Item>
          ))}
        </List>
        {actions}
      </Stack>
    </Alert>
  );
}
