// A titled card for one part of a page (a settings form, a list). The heading names the section
// for screen readers too.
import { Card, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export function SectionCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {lead && (
            <Text size="sm" c="gray.8">
              {lead}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
