import { Button, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { useCanChange } from '../../../lib/admin/role.ts';
import { serverMessage } from '../../../lib/api.ts';
import { useBackup } from './auditQueries.ts';

/** The owner's alone: a backup of everything the shop cannot rebuild, written on the server with its manifest. */
export function BackupSection() {
  const canChange = useCanChange();
  const backup = useBackup();
  if (!canChange) return null;
  const made = backup.data?.backup;
  return (
    <Card asChild>
      <section aria-labelledby="audit-backup">
        <Heading as="h2" size="4" id="audit-backup" mb="3">
          Backup
        </Heading>
        <Text as="p" size="2" mb="3">
          The log, the key file, the accounts and the rest the shop cannot rebuild, copied while the shop runs, with a
          manifest of checksums. The data key is never in it: keep it apart, a restore needs it.
        </Text>
        <Flex gap="3" wrap="wrap" align="center">
          <Button variant="soft" onClick={() => backup.mutate()} loading={backup.isPending}>
            Back up now
          </Button>
          {backup.error && (
            <Text role="alert" color="red">
              {serverMessage(backup.error) ?? 'The backup failed.'}
            </Text>
          )}
        </Flex>
        {made && (
          <Flex direction="column" gap="1" mt="3" role="status">
            <Text>{backup.data!.message}</Text>
            <Text size="2">
              Folder <Code>{made.folder}</Code>: {made.files} files, {made.events} events up to position {made.head}
              {made.encrypted ? ', encrypted with the passphrase' : ''}.
            </Text>
            <Text size="2">
              Chain head <Code>{made.chainHead}</Code>
            </Text>
            {made.dataKeyFingerprint && (
              <Text size="2">
                Needs the data key with fingerprint <Code>{made.dataKeyFingerprint.slice(0, 16)}…</Code>
              </Text>
            )}
          </Flex>
        )}
      </section>
    </Card>
  );
}
