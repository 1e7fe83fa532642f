import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { grid, hstack } from 'styled-system/patterns';
import { Card, CardBody } from '../../ui';
import { t } from '../../i18n';
import { anchoredSection, container, eyebrowText, leadText, titleText } from './section-heading';

export function FeedbackSection({ form }: { form: ReactNode }) {
  return (
    <section id="feedback" aria-label={t('landing.feedback.label')} className={anchoredSection}>
      <div
        className={cx(
          container,
          grid({
            gap: { base: '8', md: '16' },
            gridTemplateColumns: { base: '1fr', md: '0.9fr 1.1fr' },
            alignItems: 'start',
          }),
        )}
      >
        <div
          className={css({ display: 'flex', flexDirection: 'column', gap: '4', position: { md: 'sticky' }, top: '24' })}
        >
          <span className={eyebrowText}>{t('landing.feedback.eyebrow')}</span>
          <p className={titleText}>{t('landing.feedback.title')}</p>
          <p className={leadText}>{t('landing.feedback.text')}</p>
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2.5', listStyle: 'none', mt: '2' })}>
            {[t('landing.feedback.point1'), t('landing.feedback.point2'), t('landing.feedback.point3')].map((text) => (
              <li key={text} className={hstack({ gap: '2.5', fontSize: 'sm', color: 'fg.default' })}>
                <CircleCheck size={18} aria-hidden className={css({ color: 'success.solid' })} />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <Card variant="elevated">
          <CardBody className={css({ p: { base: '5', sm: '8' } })}>{form}</CardBody>
        </Card>
      </div>
    </section>
  );
}
