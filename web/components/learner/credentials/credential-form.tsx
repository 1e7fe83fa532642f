import {
  CREDENTIAL_SCAN_ACCEPT,
  CREDENTIAL_SCAN_MAX_BYTES,
  credentialProblems,
  type CredentialField,
  type CredentialType,
} from '@contract/credentials';
import { REFUSALS } from '@contract/errors';
import { Camera, Paperclip } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { credentialWrites } from '../../../api/credential-queries';
import { useWrite } from '../../../api/writes';
import { ApiClientError } from '../../../api/client';
import { dayInputValue, formatFileSize } from '../../../format';
import { t } from '../../../i18n';
import { errorText, fieldErrors } from '../../../i18n/error-text';
import { Alert, Button, Select, TextField, focusFirstInvalid } from '../../../ui';

export interface CredentialFormProps {
  types: CredentialType[];
  /** A resubmission: the rejected credential and its type (fixed). */
  resubmit: { id: string; typeId: string } | null;
  onDone: () => void;
  onCancel: () => void;
}

type Errors = Partial<Record<CredentialField, string>>;

const fieldGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });
/** 44 px: the floor's gloved fingers. */
const bigButton = css({ minH: '11' });

/**
 * The worker's "Add credential" form, phone first: the type decides which fields are required; the
 * scan comes from the camera ("Take a photo", `capture`) or a file. The same rule the Worker enforces
 * (credentialProblems) is checked before sending; the Worker checks the scan's real type.
 */
export function CredentialForm({ types, resubmit, onDone, onCancel }: CredentialFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [typeId, setTypeId] = useState(resubmit?.typeId ?? (types.length === 1 ? types[0].id : ''));
  const [issuer, setIssuer] = useState('');
  const [number, setNumber] = useState('');
  const [issuedOn, setIssuedOn] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [scan, setScan] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const type = types.find((x) => x.id === typeId) ?? null;
  const submit = useWrite(credentialWrites.submit, {
    onSuccess: onDone,
    onError: (e) => {
      setFailure(errorText(e, t('credentials.form.failed')));
      if (e instanceof ApiClientError) setErrors(fieldErrors(e.fields as Errors));
    },
  });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    setScan(file);
    setErrors((prev) => ({
      ...prev,
      scan:
        file.size > CREDENTIAL_SCAN_MAX_BYTES
          ? fieldErrors({ scan: REFUSALS['credential.scanTooLarge'] }).scan
          : undefined,
    }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!type) {
      setErrors({ typeId: fieldErrors({ typeId: REFUSALS['credential.typeRequired'] }).typeId });
      focusFirstInvalid(formRef.current);
      return;
    }
    const problems = credentialProblems(
      type,
      {
        issuer: issuer.trim() || null,
        number: number.trim() || null,
        issuedOn: issuedOn || null,
        expiresOn: expiresOn || null,
      },
      scan !== null,
      dayInputValue(),
    );
    const next: Errors = fieldErrors(
      Object.fromEntries(Object.entries(problems).map(([field, reason]) => [field, REFUSALS[reason]])),
    );
    if (scan && scan.size > CREDENTIAL_SCAN_MAX_BYTES)
      next.scan = fieldErrors({ scan: REFUSALS['credential.scanTooLarge'] }).scan;
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    submit.mutate({ typeId: type.id, issuer, number, issuedOn, expiresOn, scan, resubmitsId: resubmit?.id ?? null });
  };

  const scanHelp = `${id}-scan-help`;
  const scanError = `${id}-scan-error`;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={css({ display: 'grid', gap: '4' })}>
      {failure ? <Alert status="error">{failure}</Alert> : null}
      <Select
        label={t('credentials.form.type')}
        required
        options={types.map((x) => ({ value: x.id, label: x.name }))}
        value={typeId}
        onValueChange={(value) => {
          setTypeId(value);
          setErrors({});
        }}
        placeholder={t('credentials.form.typePlaceholder')}
        error={errors.typeId}
        disabled={resubmit !== null}
      />
      {type?.description ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{type.description}</p> : null}
      <div className={fieldGrid}>
        <TextField
          label={t('credentials.form.issuer')}
          required={type?.requiresIssuer}
          value={issuer}
          onChange={(e) => setIssuer(e.target.value)}
          error={errors.issuer}
          maxLength={200}
          autoComplete="organization"
        />
        <TextField
          label={t('credentials.form.number')}
          required={type?.requiresNumber}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={errors.number}
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          type="date"
          label={t('credentials.form.issuedOn')}
          required={type?.requiresIssueDate}
          value={issuedOn}
          max={dayInputValue()}
          onChange={(e) => setIssuedOn(e.target.value)}
          error={errors.issuedOn}
        />
        {type?.expires !== false ? (
          <TextField
            type="date"
            label={t('credentials.form.expiresOn')}
            required={type?.requiresExpiryDate}
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.target.value)}
            error={errors.expiresOn}
          />
        ) : null}
      </div>
      <fieldset
        aria-describedby={`${scanHelp}${errors.scan ? ` ${scanError}` : ''}`}
        className={css({ display: 'grid', gap: '2', border: 'none', p: 0, m: 0, minW: 0 })}
      >
        <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' })}>
          {t('credentials.form.scan')}
          {type?.requiresScan ? (
            <span aria-hidden className={css({ color: 'error.fg' })}>
              {' '}
              *
            </span>
          ) : null}
        </legend>
        <p id={scanHelp} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('credentials.form.scanHelp')}
        </p>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <ScanButton
            label={t('credentials.form.takePhoto')}
            icon={<Camera size={18} aria-hidden />}
            capture
            onPick={pick}
          />
          <ScanButton
            label={t('credentials.form.chooseFile')}
            icon={<Paperclip size={18} aria-hidden />}
            onPick={pick}
          />
        </div>
        <p aria-live="polite" className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>
          {scan
            ? t('credentials.form.chosen', { name: scan.name || 'scan', size: formatFileSize(scan.size) })
            : t('credentials.form.noScan')}
        </p>
        {errors.scan ? (
          <p id={scanError} className={css({ fontSize: 'sm', color: 'error.fg' })}>
            {errors.scan}
          </p>
        ) : null}
      </fieldset>
      <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
        <Button
          variant="outline"
          palette="neutral"
          className={bigButton}
          onClick={onCancel}
          disabled={submit.isPending}
        >
          {t('common.cancel')}
        </Button>
        <Button type="submit" className={bigButton} loading={submit.isPending}>
          {resubmit ? t('credentials.form.resubmit') : t('credentials.form.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A file input behind a big button: "Take a photo" opens the phone's camera (`capture`), "Choose a
 * file" the file picker. The input itself is visually hidden but focusable and named by its label,
 * so Enter or Space opens it from the keyboard and the focus ring shows on the button.
 */
function ScanButton({
  label,
  icon,
  capture,
  onPick,
}: {
  label: string;
  icon: React.ReactNode;
  capture?: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  return (
    <span className={css({ position: 'relative', display: 'inline-flex' })}>
      <input
        id={id}
        type="file"
        accept={capture ? 'image/*' : CREDENTIAL_SCAN_ACCEPT}
        capture={capture ? 'environment' : undefined}
        onChange={onPick}
        className={css({ srOnly: true })}
      />
      <label
        htmlFor={id}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2',
          px: '4',
          minH: '11',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'md',
          bg: 'bg.surface',
          fontWeight: 'medium',
          cursor: 'pointer',
          _hover: { bg: 'bg.muted' },
          'input:focus-visible + &': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
        })}
      >
        {icon}
        {label}
      </label>
    </span>
  );
}
