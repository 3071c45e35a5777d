import { Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { TEXT } from '../../../shared/messages.ts';
import { APP_UI } from '../messages.ts';

export const PAGE_TOP_ID = 'top';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The footer (docs/product.md §2.3): address, phone, Contacts, Maps, Hours, terms, accessibility, emergency contacts, copyright, feedback, back to top. */
export function SiteFooter() {
  const { footer } = useSiteConfig();
  return (
    <footer className="site-footer on-dark">
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap={6}>
            <Title order={2} fz="md" c="white">
              {APP_UI.footer.addressTitle}
            </Title>
            <address>
              {footer.addressLines.map((line) => (
                <Text key={line} size="sm" c="white">
                  {line}
                </Text>
              ))}
              <Text size="sm" c="white" mt={6}>
                {APP_UI.footer.phone}: <a href={telHref(footer.phone)}>{footer.phone}</a>
              </Text>
            </address>
          </Stack>
          <Stack gap={6}>
            <Title order={2} fz="md" c="white">
              {APP_UI.footer.linksTitle}
            </Title>
            <ul>
              <li>
                <a href={footer.contactUrl}>{footer.contactLabel}</a>
              </li>
              <li>
                <a href={footer.mapsUrl}>{APP_UI.footer.maps}</a>
              </li>
              <li>
                <a href={footer.hoursUrl}>{APP_UI.footer.hours}</a>
              </li>
              <li>
                <a href={footer.emergencyUrl}>{APP_UI.footer.emergency}</a>
              </li>
            </ul>
          </Stack>
          <Stack gap={6}>
            <Title order={2} fz="md" c="white">
              {APP_UI.footer.legalTitle}
            </Title>
            <ul>
              <li>
                <a href={footer.termsUrl}>{APP_UI.footer.terms}</a>
              </li>
              <li>
                <a href={footer.accessibilityUrl}>{APP_UI.footer.accessibility}</a>
              </li>
              <li>
                <a href={footer.feedbackUrl}>{APP_UI.footer.feedback}</a>
              </li>
            </ul>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" color="rgba(255,255,255,0.3)" />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="white">
            {footer.copyright}
          </Text>
          <a
            href={`#${PAGE_TOP_ID}`}
            onClick={(event) => {
              event.preventDefault();
              window.scrollTo({ top: 0 });
              document.getElementById(PAGE_TOP_ID)?.focus({ preventScroll: true });
            }}
          >
            {TEXT.backToTop}
          </a>
        </Group>
      </Container>
    </footer>
  );
}
