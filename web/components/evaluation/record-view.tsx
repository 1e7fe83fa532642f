import { ExternalLink } from 'lucide-react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import type { EvaluationRecord } from '../../api/evaluation-queries';
import { formatDate, formatDateTime } from '../../format';
import { t } from '../../i18n';
import { evaluationPanel, photoGrid } from './panel-style';
import { Chip, textLink } from '../../ui';
import { resultLabel } from './item-list';

const terms = grid({
  columnGap: '4',
  rowGap: '1',
  gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
  '& dt': { color: 'fg.muted', fontSize: 'sm' },
  '& dd': { m: 0, mb: { base: '2', sm: 0 } },
});

const methodLabel = (method: 'password' | 'signature' | 'account') =>
  method === 'password'
    ? t('evaluate.ack.byPassword')
    : method === 'signature'
      ? t('evaluate.ack.bySignature')
      : t('evaluate.ack.byAccount');

/** The evaluation as the server keeps it: who, when, the outcome and what it means, each item, the authorisation. */
export function RecordView({ record }: { record: EvaluationRecord }) {
  const competent = record.outcome === 'COMPETENT';
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="evaluation-record">
      <section aria-labelledby="record-outcome" className={evaluationPanel}>
        <h2 id="record-outcome" className={wrap({ align: 'center', gap: '2', fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('evaluate.record.outcome')}
          <Chip palette={competent ? 'success' : 'error'} size="md">
            {competent ? t('evaluate.outcome.competent') : t('evaluate.outcome.notYet')}
          </Chip>
        </h2>
        <dl className={terms}>
          <dt>{t('evaluate.record.template')}</dt>
          <dd>
            <bdi>{record.templateName}</bdi> · {t('evaluate.record.version', { version: record.templateVersion })}
          </dd>
          <dt>{t('evaluate.record.trainee')}</dt>
          <dd>
            <bdi>{record.traineeName}</bdi>
          </dd>
          <dt>{t('evaluate.record.evaluator')}</dt>
          <dd>
            <bdi>{record.evaluatorName}</bdi>
          </dd>
          <dt>{t('evaluate.record.signedAt')}</dt>
          <dd>{formatDateTime(record.signedAt)}</dd>
          <dt>{t('evaluate.record.meaning')}</dt>
          <dd>
            <bdi>{record.meaning}</bdi>
          </dd>
          <dt>{t('evaluate.record.acknowledgement')}</dt>
          <dd data-testid="record-acknowledgement">
            {record.acknowledgement
              ? t('evaluate.record.acknowledgedBy', {
                  name: record.acknowledgement.name,
                  method: methodLabel(record.acknowledgement.method),
                  date: formatDateTime(record.acknowledgement.at),
                })
              : t('evaluate.record.notAcknowledged')}
          </dd>
          {record.note ? (
            <>
              <dt>{t('evaluate.record.note')}</dt>
              <dd>
                <bdi>{record.note}</bdi>
              </dd>
            </>
          ) : null}
          <dt>{t('evaluate.record.photos')}</dt>
          <dd>{record.photos.length}</dd>
        </dl>
        {record.photos.length > 0 ? (
          <ul className={photoGrid}>
            {record.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.url} target="_blank" rel="noopener" className={css({ display: 'block' })}>
                  <img
                    src={photo.url}
                    alt={t('evaluate.photos.alt', { number: index + 1 })}
                    loading="lazy"
                    className={css({ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 'md' })}
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {record.authorisation ? (
          <p className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <span>
              {t('evaluate.record.authorisation', {
                number: record.authorisation.number,
                date: record.authorisation.expiresAt
                  ? formatDate(record.authorisation.expiresAt)
                  : t('evaluate.record.noExpiry'),
              })}
            </span>
            <a
              href={record.authorisation.verifyUrl}
              target="_blank"
              rel="noopener"
              className={textLink({ underline: 'always', touch: true })}
            >
              {t('evaluate.record.verify', { number: record.authorisation.number })}
              <ExternalLink aria-hidden="true" className={css({ w: '4', h: '4' })} />
            </a>
          </p>
        ) : null}
        {record.failedItems.length > 0 ? (
          <div>
            <h3 className={css({ fontWeight: 'medium' })}>{t('evaluate.summary.failed')}</h3>
            <ul className={css({ listStyle: 'disc', ps: '5' })}>
              {record.failedItems.map((text) => (
                <li key={text}>
                  <bdi>{text}</bdi>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="record-items" className={evaluationPanel}>
        <h2 id="record-items" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('evaluate.record.items')}
        </h2>
        <ol className={css({ listStyle: 'decimal', ps: '5', display: 'flex', flexDirection: 'column', gap: '2' })}>
          {record.items.map((item) => (
            <li key={item.itemId}>
              <bdi>{item.text}</bdi> — <strong>{resultLabel(item.result)}</strong>
              {item.note ? (
                <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'sm' })}>
                  <bdi>{item.note}</bdi>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
