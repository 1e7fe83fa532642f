import { PenLine } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import { t } from '../../i18n';
import type { TalkLine } from '../../state/talk-store';
import { Alert, Button, TextField } from '../../ui';
import { SignatureField, type SignatureFieldHandle } from './signature-field';

export const panel = stack({
  gap: '3',
  p: '4',
  borderWidth: '2px',
  borderColor: 'brand.solid',
  borderRadius: 'lg',
  bg: 'bg.surface',
});
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

function Panel(props: {
  titleId: string;
  title: string;
  explain: string;
  onSubmit: (e: FormEvent) => void;
  submitLabel: string;
  submitIcon?: ReactNode;
  /** Offers Cancel beside the submit button. */
  onCancel?: () => void;
  children: ReactNode;
}) {
  const submit = (
    <Button type="submit" size="lg" leftIcon={props.submitIcon}>
      {props.submitLabel}
    </Button>
  );
  return (
    <form noValidate onSubmit={props.onSubmit} aria-labelledby={props.titleId} className={panel}>
      <h2 id={props.titleId} tabIndex={-1} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {props.title}
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{props.explain}</p>
      {props.children}
      {props.onCancel ? (
        <div className={actions}>
          {submit}
          <Button type="button" variant="ghost" size="lg" onClick={props.onCancel}>
            {t('talks.sign.cancel')}
          </Button>
        </div>
      ) : (
        submit
      )}
    </form>
  );
}

/** One person signs on the foreman's device: their name and a drawn signature. */
export function SignLinePanel(props: {
  line: TalkLine;
  onSign: (name: string, signature: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(props.line.name);
  const [error, setError] = useState<string | null>(null);
  const pad = useRef<SignatureFieldHandle>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const signature = pad.current?.read();
    if (!name.trim() || !signature) {
      setError(t('talks.sign.missing'));
      return;
    }
    props.onSign(name.trim(), signature);
  };
  return (
    <Panel
      titleId="sign-line-title"
      submitLabel={t('talks.sign.submit')}
      submitIcon={<PenLine />}
      onCancel={props.onCancel}
      title={t('talks.sign.title', { name: props.line.name })}
      explain={t('talks.sign.explain')}
      onSubmit={submit}
    >
      <TextField
        size="lg"
        label={t('talks.sign.name')}
        autoComplete="off"
        value={name}
        readOnly={props.line.userId !== null}
        helperText={props.line.userId !== null ? t('talks.sign.nameFromAccount') : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      <SignatureField ref={pad} label={t('talks.sign.draw')} typedName={name} testId="attendee-signature" />
      {error ? <Alert status="error">{error}</Alert> : null}
    </Panel>
  );
}

/** The foreman signs for someone who cannot (gloves, an injured hand): the reason is kept, and the server records both names. */
export function BehalfPanel(props: {
  line: TalkLine;
  foremanName: string;
  onSign: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(t('talks.behalf.reasonMissing'));
      return;
    }
    props.onSign(reason.trim());
  };
  return (
    <Panel
      titleId="behalf-title"
      submitLabel={t('talks.behalf.submit')}
      onCancel={props.onCancel}
      title={t('talks.behalf.title', { name: props.line.name })}
      explain={t('talks.behalf.explain', { name: props.line.name, foreman: props.foremanName })}
      onSubmit={submit}
    >
      <TextField
        size="lg"
        label={t('talks.behalf.reason')}
        autoComplete="off"
        maxLength={300}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error}
      />
    </Panel>
  );
}

/** The foreman closes the talk with their own drawn signature; the unsigned lines are left off the sheet. */
export function ClosePanel(props: {
  foremanName: string;
  signed: number;
  unsigned: number;
  onClose: (signature: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const pad = useRef<SignatureFieldHandle>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const signature = pad.current?.read();
    if (props.signed === 0) {
      setError(t('talks.close.nobody'));
      return;
    }
    if (!signature) {
      setError(t('talks.close.missing'));
      return;
    }
    props.onClose(signature);
  };
  return (
    <Panel
      titleId="close-title"
      title={t('talks.close.title')}
      explain={t('talks.close.meaning')}
      onSubmit={submit}
      submitLabel={t('talks.close.submit')}
      submitIcon={<PenLine />}
    >
      {props.unsigned > 0 ? (
        <Alert status="warning">{t('talks.close.unsigned', { count: props.unsigned })}</Alert>
      ) : null}
      <SignatureField
        ref={pad}
        label={t('talks.close.draw', { name: props.foremanName })}
        typedName={props.foremanName}
        testId="foreman-signature"
      />
      {error ? <Alert status="error">{error}</Alert> : null}
    </Panel>
  );
}
