import { IMPORT_TEMPLATE_COLUMNS, invalidRowsWarning, parseImportCsv } from '@contract/user-import';
import type { Role } from '@contract/users';
import { Check, Copy, Download, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { BULK_IMPORT_MESSAGES, importProgress } from '../../../statecharts/bulk-import.machine';
import { saveBlob } from '../../api/certificates';
import { useBulkImport } from '../../state/bulk-import';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../ui';
import { currentLocale, t } from '../../i18n';
import { declaredText } from '../../i18n/error-text';

const PREVIEW_ROWS = 5;
/** The role every imported account gets, shown as the code the file format and the description name. */
const IMPORT_ROLE: Role = 'USER';

/** Bulk Import Users: a CSV file, a 5-row preview, rows missing username or email block the import, chunked import with progress, per-row results. */
export function BulkImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { snapshot, send } = useBulkImport();
  const input = useRef<HTMLInputElement>(null);
  const ctx = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const finished = snapshot.matches('done');

  useEffect(() => {
    if (open) send({ type: 'dialog.reset' });
  }, [open, send]);

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
      title={t('admin.import.title')}
      description={t('admin.import.description')}
      size="lg"
      dismissible={!busy}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            {finished ? t('common.close') : t('common.cancel')}
          </Button>
          {snapshot.matches('failed') ? (
            <Button onClick={() => send({ type: 'import.retry' })}>{t('common.retry')}</Button>
          ) : finished ? null : (
            <Button
              loading={busy}
              loadingText={t('admin.import.importing')}
              disabled={snapshot.matches('blocked')}
              onClick={() => send({ type: 'import.start' })}
            >
              {total > 0 ? t('admin.import.importCount', { count: total }) : t('admin.import.importUsers')}
            </Button>
          )}
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {!busy && !finished && !showResults ? (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              aria-label={t('admin.import.csvFile')}
              className={css({ srOnly: true })}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <Button variant="outline" leftIcon={<Upload />} onClick={() => input.current?.click()}>
              {t('admin.import.chooseFile')}
            </Button>
            <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {ctx.fileName ?? t('admin.import.noFile')}
            </span>
            <Button variant="ghost" size="sm" leftIcon={<Download />} onClick={downloadTemplate}>
              {t('admin.import.template')}
            </Button>
          </div>
        ) : null}
        {ctx.warning ? (
          <Alert status="warning" announce>
            {warningText(ctx.warning, ctx.parsed?.invalidCount ?? 0)}
          </Alert>
        ) : null}
        {ctx.error ? <Alert status="error">{importErrorText(ctx.error)}</Alert> : null}

        {ctx.parsed && ctx.parsed.rows.length > 0 && !showResults ? (
          <div>
            <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '2' })}>
              {t('admin.import.preview', { shown: Math.min(PREVIEW_ROWS, total), count: total })}
            </p>
            <Table aria-label={t('admin.import.previewLabel')} scrollLabel={t('admin.import.previewLabel')}>
              <TableHead>
                <TableRow>
                  <TableHeader>{t('admin.users.col.username')}</TableHeader>
                  <TableHeader>{t('admin.users.col.email')}</TableHeader>
                  <TableHeader>{t('admin.users.col.name')}</TableHeader>
                  <TableHeader>{t('admin.users.col.department')}</TableHeader>
                  <TableHeader>{t('admin.users.col.jobTitle')}</TableHeader>
                  <TableHeader>{t('admin.users.col.role')}</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {ctx.parsed.rows.slice(0, PREVIEW_ROWS).map((row) => (
                  <TableRow key={row.line}>
                    <TableCell>{row.username || <em>{t('admin.import.missing')}</em>}</TableCell>
                    <TableCell>
                      {row.email || <em>{t('admin.import.missing')}</em>}
                      {row.error ? (
                        <span className={css({ display: 'block', color: 'error.fg', fontSize: 'xs' })}>
                          {declaredText(row.error)}
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <bdi>{[row.firstName, row.lastName].filter(Boolean).join(' ')}</bdi>
                    </TableCell>
                    <TableCell>
                      <bdi>{row.department}</bdi>
                    </TableCell>
                    <TableCell>
                      <bdi>{row.jobTitle}</bdi>
                    </TableCell>
                    <TableCell>{IMPORT_ROLE}</TableCell>
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
              aria-label={t('admin.import.progress')}
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={ctx.results.length}
              className={css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' })}
            >
              <div
                className={css({ h: 'full', bg: 'brand.solid', transition: 'width 0.3s' })}
                style={{ width: `${Math.round(importProgress(ctx) * 100)}%` }}
              />
            </div>
            <p className={css({ fontSize: 'sm' })} aria-live="polite">
              {t('admin.import.progressText', {
                done: ctx.results.length,
                count: total,
                imported: succeeded,
                failed: failedRows,
              })}
            </p>
          </div>
        ) : null}

        {showResults ? (
          <div className={css({ maxH: '320px', overflowY: 'auto' })}>
            <Table aria-label={t('admin.import.resultsLabel')} scrollLabel={t('admin.import.resultsLabel')}>
              <TableHead>
                <TableRow>
                  <TableHeader>{t('admin.users.col.username')}</TableHeader>
                  <TableHeader>{t('admin.users.col.email')}</TableHeader>
                  <TableHeader>{t('admin.import.result')}</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {ctx.results.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a file may repeat a username; its rows are fixed once imported
                  <TableRow key={`${r.username}-${i}`}>
                    <TableCell>{r.username}</TableCell>
                    <TableCell>{r.email}</TableCell>
                    <TableCell>
                      {r.status === 'success' ? (
                        <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                          <Chip palette="success">{t('admin.import.imported')}</Chip>
                          <code
                            className={css({ fontFamily: 'mono', fontSize: 'sm' })}
                            data-testid={`import-password-${r.username}`}
                          >
                            {r.password}
                          </code>
                          <CopyButton text={r.password} label={t('admin.import.copyPassword', { name: r.username })} />
                        </span>
                      ) : (
                        <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                          <Chip palette="error">{t('admin.import.error')}</Chip>
                          <span className={css({ fontSize: 'sm' })}>{declaredText(r.message)}</span>
                        </span>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : null}
        {finished ? <Alert status="info">{t('admin.import.passwordsOnce')}</Alert> : null}
      </div>
    </Dialog>
  );
}

/** The import file's header row (with its byte-order mark, so a spreadsheet reads what is typed into it as UTF-8). */
function downloadTemplate() {
  const blob = new Blob([`\uFEFF${IMPORT_TEMPLATE_COLUMNS.join(',')}\r\n`], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, 'users-import-template.csv');
}

/** The machine's warning in the reader's language: the invalid-rows count is the one warning with a number. */
function warningText(warning: string, invalidCount: number): string {
  if (warning === BULK_IMPORT_MESSAGES.selectFile) return t('admin.import.selectFile');
  return invalidCount > 0 && warning === invalidRowsWarning(invalidCount)
    ? t('admin.import.invalidRows', { count: invalidCount })
    : declaredText(warning);
}

/** The import's failure: the contract's words translated; outside English, a server text the catalogs lack gives way to the import's own message. */
function importErrorText(error: string): string {
  if (currentLocale() === 'en') return error;
  return declaredText(error) !== error ? declaredText(error) : t('admin.import.stopped');
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <IconButton
      size="xs"
      aria-label={copied ? t('admin.import.copiedLabel', { label }) : label}
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
