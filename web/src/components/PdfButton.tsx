// "Download PDF": fetches a PDF the server writes (with the session's token for the owner's) and hands it to the browser
// as a download, not the print window (decisions 104, 109).
import { Button } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { downloadFile } from './downloadFile.ts';

/** Fetches a PDF (with the session's token for the owner's) and hands it to the browser as a download. */
export function PdfButton({
  url,
  withSession,
  variant = 'soft',
  children,
}: {
  url: string;
  withSession: boolean;
  variant?: 'soft' | 'ghost';
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await downloadFile(url, {
      name: 'document.pdf',
      failure: 'Could not make the PDF. Please try again.',
      withSession,
    });
    setBusy(false);
  };
  return (
    <Button variant={variant} loading={busy} onClick={() => void download()}>
      {children}
    </Button>
  );
}
