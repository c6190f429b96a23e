// "Download PDF": fetches a PDF the server writes (with the session's token for the owner's) and hands it to the browser
// as a download, not the print window (decisions 104, 109).
import { Button } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { adminToken, ApiError, serverMessage } from '../lib/api.ts';
import { toast } from './toast/toasts.ts';

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
    try {
      const token = withSession ? adminToken() : null;
      const res = await fetch(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: withSession ? 'include' : 'omit',
        cache: 'no-store',
      });
      if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
      const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'document.pdf';
      const href = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = href;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: serverMessage(error) ?? 'Could not make the PDF. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} loading={busy} onClick={() => void download()}>
      {children}
    </Button>
  );
}
