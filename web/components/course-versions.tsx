import { DELIVERY_LANGUAGE_AUTONYMS, isDeliveryLanguage, type CourseVersion } from '@contract/delivery-language';
import { Languages } from 'lucide-react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { t } from '../i18n';
import { languageLabel } from '../i18n/labels';

/**
 * The course page's language line: the language this version is delivered in, and links to the
 * same course in the other languages ("Also available in: Español"). Each link names the language
 * in that language (a Spanish reader finds "Español"), marked with `lang` for screen readers.
 */
export function CourseVersions({ language, versions }: { language: string; versions: readonly CourseVersion[] }) {
  return (
    <div
      className={wrap({ align: 'center', columnGap: '4', rowGap: '1', fontSize: 'sm', color: 'fg.muted' })}
      data-testid="course-language"
    >
      <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
        <Languages aria-hidden className={css({ w: '4', h: '4' })} />{' '}
        {t('courseVersions.delivery', { language: languageLabel(language) })}
      </span>
      {versions.length > 0 ? (
        <nav
          aria-label={t('courseVersions.others')}
          className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}
        >
          <span>{t('courseVersions.also')}</span>
          {versions.map((version) => (
            <Link
              key={version.id}
              href={`/course/${encodeURIComponent(version.id)}`}
              lang={version.language}
              hrefLang={version.language}
              title={version.title}
              className={css({
                color: 'brand.fg',
                fontWeight: 'medium',
                textDecoration: 'underline',
                textUnderlineOffset: '2px',
                _hover: { textDecoration: 'none' },
              })}
            >
              {isDeliveryLanguage(version.language) ? DELIVERY_LANGUAGE_AUTONYMS[version.language] : version.language}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
