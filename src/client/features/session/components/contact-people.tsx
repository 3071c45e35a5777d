import { Anchor, List } from '@mantine/core';
import type { ContactPerson } from '../../../../shared/schemas/contacts.ts';

/** People as a list of names, each a mail link that shows its address (so it can be copied, or read without a mailer). */
export function ContactPeople({ people, subject }: { people: readonly ContactPerson[]; subject: string }) {
  return (
    <List spacing={4} size="sm">
      {people.map((p) => (
        <List.Item key={p.email}>
          {p.name},{' '}
          <Anchor inherit href={`mailto:${p.email}?subject=${encodeURIComponent(subject)}`}>
            {p.email}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}
