import { Skeleton, Stack, Text } from '@mantine/core';
import { isSignedIn } from '../../../../shared/permissions.ts';
import { useAccessContacts } from '../api/get-access-contacts.ts';
import { useProfile } from '../api/get-profile.ts';
import { SESSION_UI } from '../messages.ts';
import { ContactPeople } from './contact-people.tsx';

const T = SESSION_UI.contacts;

/**
 * Who grants access, by name with a mail link (issue 29, decision 030): the admins of the person's own institution,
 * else the app admins; the app admins alone for a screen only they may use (`appAdminScreen`). Nothing for a visitor
 * (they sign in first); a failure to load says so quietly, as the page's own message still stands.
 */
export function AccessContacts({ appAdminScreen = false }: { appAdminScreen?: boolean }) {
  const { profile } = useProfile();
  const signedIn = isSignedIn(profile);
  const contacts = useAccessContacts(signedIn, appAdminScreen);
  if (!signedIn) return null;
  if (contacts.isPending) return <Skeleton height="3rem" maw="30rem" />;
  if (contacts.isError) return <Text size="sm">{T.failed}</Text>;
  const { kind, institution_name, people } = contacts.data;
  return (
    <Stack gap={4} data-testid="access-contacts">
      <Text fw={600}>
        {kind === 'institution-admins' && institution_name ? T.institutionAdmins(institution_name) : T.appAdmins}
      </Text>
      {people.length === 0 ? <Text size="sm">{T.nobody}</Text> : <ContactPeople people={people} subject={T.subject} />}
    </Stack>
  );
}
