import { Paper, Text } from '@mantine/core';
import type { ContactResponse } from '@wallet/contract/lookup';
import { LineContact } from './line-contact';

/**
 * The operator's contact as members read it (the contact page, the closed-service page, the
 * back office's preview of a draft): the contact text as written, line by line, then LINE.
 */
export function ContactDetails({ contact }: { contact: ContactResponse }) {
  return (
    <>
      <Paper p="lg" withBorder>
        <Text style={{ whiteSpace: 'pre-line' }}>{contact.contactText}</Text>
      </Paper>
      <LineContact contact={contact} />
    </>
  );
}
