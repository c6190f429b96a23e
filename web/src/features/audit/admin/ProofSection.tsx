// Proof that the log is whole: its export with the chain head, a check of an export, and verify of the read models.
import { Button, Card, Code, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { checkExport, downloadExport, useVerify, type DownloadedExport } from './auditQueries.ts';

export function ProofSection() {
  const [exported, setExported] = useState<DownloadedExport | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [head, setHead] = useState('');
  const [earlier, setEarlier] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ ok: boolean; message: string } | null>(null);
  const verify = useVerify();
  const download = async () => {
    setExportError(null);
    try {
      const file = await downloadExport();
      setExported(file);
      setHead(file.head);
    } catch (error) {
      setExportError(serverMessage(error) ?? 'The export could not be made.');
    }
  };
  const check = async (chosen: File | null, signedOff: string) => {
    setFile(chosen);
    if (!chosen) return;
    setChecked(await checkExport(await chosen.text(), head.trim() || undefined, signedOff.trim() || undefined));
  };
  return (
    <Card asChild>
      <section aria-labelledby="audit-proof">
        <Heading as="h2" size="4" id="audit-proof" mb="3">
          Proof
        </Heading>
        <Flex direction="column" gap="3">
          <Flex gap="3" wrap="wrap" align="center">
            <Button onClick={() => void download()}>Export the log</Button>
            {exported && (
              <a className="audit-download" href={exported.url} download={exported.name}>
                Download {exported.name} ({exported.lines} events)
              </a>
            )}
          </Flex>
          {exportError && (
            <Text color="red" role="alert">
              {exportError}
            </Text>
          )}
          {exported && (
            <Text size="2">
              Chain head: <Code className="audit-hash">{exported.head}</Code>
            </Text>
          )}
          <div className="audit-filters">
            <LabelledField id="audit-check-file" label="Check an export (NDJSON file)">
              <input
                id="audit-check-file"
                type="file"
                accept=".ndjson,application/x-ndjson,text/plain"
                onChange={(e) => void check(e.target.files?.[0] ?? null, earlier)}
              />
            </LabelledField>
            <LabelledField id="audit-check-head" label="Chain head (optional)">
              <TextField.Root id="audit-check-head" value={head} onChange={(e) => setHead(e.target.value)} />
            </LabelledField>
            <LabelledField id="audit-check-earlier" label="Earlier signed-off chain head (optional)">
              <TextField.Root
                id="audit-check-earlier"
                value={earlier}
                onChange={(e) => setEarlier(e.target.value)}
                placeholder="the head of last month's export"
              />
            </LabelledField>
            <Button type="button" variant="soft" disabled={!file} onClick={() => void check(file, earlier)}>
              Check again
            </Button>
          </div>
          {checked && (
            <Text role="status" color={checked.ok ? 'green' : 'red'} className="audit-result">
              {checked.message}
            </Text>
          )}
          <Flex gap="3" wrap="wrap" align="center">
            <Button onClick={() => verify.mutate()} loading={verify.isPending}>
              Verify read models
            </Button>
            {verify.data && (
              <Text role="status" color={verify.data.match ? 'green' : 'red'} className="audit-result">
                {verify.data.match ? 'MATCH' : 'MISMATCH'}: {verify.data.result.events} events folded up to position{' '}
                {verify.data.result.position}. {verify.data.message}
              </Text>
            )}
            {verify.error && (
              <Text role="alert" color="red">
                {serverMessage(verify.error) ?? 'Verify failed.'}
              </Text>
            )}
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}
