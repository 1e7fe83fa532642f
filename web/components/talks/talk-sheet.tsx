import { useQuery } from '@tanstack/react-query';
import { Check, Smartphone, Trash2, UserRoundPen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { flex, stack } from 'styled-system/patterns';
import { talkQueries, topicPdfUrl, type ForemanTopic } from '../../api/talk-queries';
import { t } from '../../i18n';
import { talkOutbox } from '../../state/talk-outbox';
import type { StoredTalk, TalkLine } from '../../state/talk-store';
import { Button, Chip, panel, textLink } from '../../ui';
import { useOnline } from '../../state/evaluations';
import { CrewAdder } from './crew-adder';
import { OwnPhonePanel } from './own-phone-panel';
import { BehalfPanel, ClosePanel, SignLinePanel } from './sign-panels';

const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 });
const lineBox = cx(panel(), stack({ gap: '2', p: '3' }));
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

type Active = { index: number; mode: 'sign' | 'behalf' } | null;

/** "N of M signed": everyone on the sheet, and how many have signed (or been signed for). */
export const signedCount = (talk: StoredTalk) => talk.lines.filter((line) => line.signedAt).length;

/**
 * The count with the people who signed on their own phone (known while there is a signal): a person
 * on the sheet not signed here counts as signed; one not on the sheet adds a line to both numbers.
 */
function countWithPhones(talk: StoredTalk, phoneIds: ReadonlySet<string>) {
  const onSheet = new Set(talk.lines.flatMap((l) => (l.userId ? [l.userId] : [])));
  const extra = [...phoneIds].filter((id) => !onSheet.has(id)).length;
  const byPhone = talk.lines.filter((l) => !l.signedAt && l.userId && phoneIds.has(l.userId)).length;
  return { signed: signedCount(talk) + byPhone + extra, total: talk.lines.length + extra };
}

/**
 * The talk while the crew signs: the topic to read out, the people on the sheet with who has
 * signed, and one panel at a time (a person signing, the foreman signing for someone, the close).
 * Every change is on the device before it is on the screen.
 */
export function TalkSheet(props: {
  talk: StoredTalk;
  topic: ForemanTopic | undefined;
  userId: string;
  foremanName: string;
}) {
  const { talk } = props;
  const [active, setActive] = useState<Active>(null);
  const counter = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const signed = signedCount(talk);
  const online = useOnline();
  const phones = useQuery(talkQueries.ownPhone(talk.id, talk.topicId));
  const phoneIds = new Set(online ? (phones.data ?? []).map((p) => p.userId) : []);
  const count = countWithPhones(talk, phoneIds);

  // After a panel closes, focus returns to the count, which says what changed.
  useEffect(() => {
    if (active === null && moved.current) counter.current?.focus();
    if (active !== null) {
      moved.current = true;
      document.getElementById(active.mode === 'sign' ? 'sign-line-title' : 'behalf-title')?.focus();
    }
  }, [active]);

  const setLine = (index: number, patch: Partial<TalkLine>) =>
    talkOutbox.put({ ...talk, lines: talk.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)) });
  const finish = (index: number, patch: Partial<TalkLine>) => {
    void setLine(index, { ...patch, signedAt: new Date().toISOString() }).then(() => setActive(null));
  };

  const line = active ? talk.lines[active.index] : undefined;
  if (active && line) {
    return active.mode === 'sign' ? (
      <SignLinePanel
        line={line}
        onSign={(name, signature) => finish(active.index, { name, signature, reason: null })}
        onCancel={() => setActive(null)}
      />
    ) : (
      <BehalfPanel
        line={line}
        foremanName={props.foremanName}
        onSign={(reason) => finish(active.index, { reason, signature: null })}
        onCancel={() => setActive(null)}
      />
    );
  }

  const onSheet = new Set(talk.lines.flatMap((l) => (l.userId ? [l.userId] : [])));
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <details className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: '3' })}>
        <summary className={flex({ align: 'center', cursor: 'pointer', fontWeight: 'semibold', minH: '11' })}>
          {t('talks.topic.read', { title: talk.topicTitle })}
        </summary>
        <p className={css({ whiteSpace: 'pre-wrap', mt: '2' })}>{props.topic?.body ?? ''}</p>
        {props.topic ? (
          <a
            href={topicPdfUrl(talk.topicId)}
            target="_blank"
            rel="noreferrer"
            className={textLink({ underline: 'always', touch: true })}
          >
            {props.topic.pdfBytes ? t('talks.topic.pdf') : t('talks.topic.printable')}
          </a>
        ) : null}
      </details>

      <section aria-labelledby="signed-count" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2
          id="signed-count"
          ref={counter}
          tabIndex={-1}
          aria-live="polite"
          data-testid="signed-count"
          className={css({ fontSize: 'xl', fontWeight: 'bold' })}
        >
          {t('talks.count', { signed: count.signed, total: count.total })}
        </h2>
        {talk.lines.length === 0 ? (
          <p className={css({ color: 'fg.muted' })}>{t('talks.lines.empty')}</p>
        ) : (
          <ul className={list} aria-label={t('talks.lines.label')}>
            {talk.lines.map((l, index) => (
              <li key={l.key} className={lineBox} data-testid="talk-line">
                <div
                  className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', alignItems: 'center' })}
                >
                  <bdi className={css({ fontWeight: 'medium' })}>{l.name}</bdi>
                  {l.signedAt ? (
                    <Chip palette="success" icon={<Check />}>
                      {l.signature ? t('talks.line.signed') : t('talks.line.onBehalf')}
                    </Chip>
                  ) : l.userId && phoneIds.has(l.userId) ? (
                    <Chip palette="success" icon={<Smartphone />}>
                      {t('talks.line.ownPhone')}
                    </Chip>
                  ) : (
                    <Chip palette="neutral">{t('talks.line.notSigned')}</Chip>
                  )}
                </div>
                {l.signedAt || (l.userId && phoneIds.has(l.userId)) ? null : (
                  <div className={actions}>
                    <Button
                      size="lg"
                      onClick={() => setActive({ index, mode: 'sign' })}
                      aria-label={t('talks.line.signFor', { name: l.name })}
                    >
                      {t('talks.line.sign')}
                    </Button>
                    <Button
                      size="lg"
                      variant="outline"
                      leftIcon={<UserRoundPen />}
                      onClick={() => setActive({ index, mode: 'behalf' })}
                      aria-label={t('talks.line.behalfFor', { name: l.name })}
                    >
                      {t('talks.line.behalf')}
                    </Button>
                    <Button
                      size="lg"
                      variant="ghost"
                      palette="danger"
                      leftIcon={<Trash2 />}
                      onClick={() => void talkOutbox.put({ ...talk, lines: talk.lines.filter((_, i) => i !== index) })}
                      aria-label={t('talks.line.removeFor', { name: l.name })}
                    >
                      {t('talks.line.remove')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <OwnPhonePanel
        talk={{ id: talk.id, topicId: talk.topicId, foremanId: talk.foremanId, topicTitle: talk.topicTitle }}
        signers={phones.data}
        online={online}
      />

      <CrewAdder
        userId={props.userId}
        onSheet={onSheet}
        onAdd={(person) =>
          void talkOutbox.put({
            ...talk,
            lines: [
              ...talk.lines,
              { key: crypto.randomUUID(), ...person, signature: null, reason: null, signedAt: null },
            ],
          })
        }
      />

      <ClosePanel
        foremanName={props.foremanName}
        signed={signed}
        unsigned={count.total - count.signed}
        onClose={(signature) =>
          void talkOutbox
            .put({ ...talk, lines: talk.lines.filter((l) => l.signedAt) })
            .then(() => talkOutbox.signOff(talk.id, signature))
        }
      />
    </div>
  );
}
