import { parseImportCsv } from '@contract/admin-people';
import { Check, Copy, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { importProgress } from '../../../statecharts/bulk-import.machine';
import { useBulkImport } from '../../state/bulk-import';
import { Alert, Button, Chip, Dialog, IconButton, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui';

const PREVIEW_ROWS = 5;

/** Bulk Import Users: a CSV file, a 5-row preview, rows missing username or email block the import, chunked import with progress, per-row results. */
export function BulkImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { snapshot, send } = useBulkImport();
  const input = useRef<HTMLInputElement>(null);
  const ctx = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const finished = snapshot.matches('done');

  useEffect(() => {
    if (open) send({ type: 'dialog.reset' });
  }, [open, send]);

  useEffect(() => {
    if (finished) onImported();
  }, [finished, onImported]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    send({ type: 'file.parsed', fileName: file.name, parsed: parseImportCsv(text) });
  };

  const total = ctx.parsed?.rows.length ?? 0;
  const succeeded = ctx.results.filter((r) => r.status === 'success').length;
  const failedRows = ctx.results.length - succeeded;
  const showResults = ctx.results.length > 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}
      title="Bulk Import Users"
      description="Upload a CSV file with username and email columns. Every imported user gets the role USER and a generated password to change at first sign-in."
      size="lg"
      dismissible={!busy}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            {finished ? 'Close' : 'Cancel'}
          </Button>
          {snapshot.matches('failed') ? (
            <Button onClick={() => send({ type: 'import.retry' })}>Retry</Button>
          ) : finished ? null : (
            <Button loading={busy} loadingText="Importing..." disabled={snapshot.matches('blocked')} onClick={() => send({ type: 'import.start' })}>
              Import {total > 0 ? `${total} ${total === 1 ? 'User' : 'Users'}` : 'Users'}
            </Button>
          )}
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {!busy && !finished && !showResults ? (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
            <input ref={input} type="file" accept=".csv,text/csv" aria-label="CSV file" className={css({ srOnly: true })} onChange={(e) => void onFile(e.target.files?.[0])} />
            <Button variant="outline" leftIcon={<Upload />} onClick={() => input.current?.click()}>
              Choose CSV File
            </Button>
            <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{ctx.fileName ?? 'No file selected'}</span>
          </div>
        ) : null}
        {ctx.warning ? <Alert status="warning" announce>{ctx.warning}</Alert> : null}
        {ctx.error ? <Alert status="error">{ctx.error}</Alert> : null}

        {ctx.parsed && ctx.parsed.rows.length > 0 && !showResults ? (
          <div>
            <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '2' })}>
              Preview of the first {Math.min(PREVIEW_ROWS, total)} of {total} {total === 1 ? 'row' : 'rows'}
            </p>
            <Table aria-label="Import preview" scrollLabel="Import preview">
              <TableHead>
                <TableRow>
                  <TableHeader>Username</TableHeader>
                  <TableHeader>Email</TableHeader>
                  <TableHeader>Role</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {ctx.parsed.rows.slice(0, PREVIEW_ROWS).map((row) => (
                  <TableRow key={row.line}>
                    <TableCell>{row.username || <em>missing</em>}</TableCell>
                    <TableCell>
                      {row.email || <em>missing</em>}
                      {row.error ? <span className={css({ display: 'block', color: 'error.fg', fontSize: 'xs' })}>{row.error}</span> : null}
                    </TableCell>
                    <TableCell>USER</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : null}

        {busy || showResults ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <div
              role="progressbar"
              aria-label="Import progress"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={ctx.results.length}
              className={css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' })}
            >
              <div className={css({ h: 'full', bg: 'brand.solid', transition: 'width 0.3s' })} style={{ width: `${Math.round(importProgress(ctx) * 100)}%` }} />
            </div>
            <p className={css({ fontSize: 'sm' })} aria-live="polite">
              {ctx.results.length} of {total} rows processed · {succeeded} imported · {failedRows} failed
            </p>
          </div>
        ) : null}

        {showResults ? (
          <div className={css({ maxH: '320px', overflowY: 'auto' })}>
            <Table aria-label="Import results" scrollLabel="Import results">
              <TableHead>
                <TableRow>
                  <TableHeader>Username</TableHeader>
                  <TableHeader>Email</TableHeader>
                  <TableHeader>Result</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {ctx.results.map((r, i) => (
                  <TableRow key={`${r.username}-${i}`}>
                    <TableCell>{r.username}</TableCell>
                    <TableCell>{r.email}</TableCell>
                    <TableCell>
                      {r.status === 'success' ? (
                        <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                          <Chip palette="success">Imported</Chip>
                          <code className={css({ fontFamily: 'mono', fontSize: 'sm' })} data-testid={`import-password-${r.username}`}>
                            {r.password}
                          </code>
                          <CopyButton text={r.password} label={`Copy password of ${r.username}`} />
                        </span>
                      ) : (
                        <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                          <Chip palette="error">Error</Chip>
                          <span className={css({ fontSize: 'sm' })}>{r.message}</span>
                        </span>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : null}
        {finished ? <Alert status="info">Passwords are shown only now. Use EXPORT CSV to download them while users have not changed them.</Alert> : null}
      </div>
    </Dialog>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <IconButton
      size="xs"
      aria-label={copied ? `${label} (copied)` : label}
      icon={copied ? <Check /> : <Copy />}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    />
  );
}
