import { Languages } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { changeLocale, currentLocale, isLocale, LOCALE_NAMES, LOCALES, t } from '../i18n';

/** The box of a native language <select> (this switcher's and the profile's): sizes and focus are each one's own. */
export const languageSelect = css({
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'sm',
});

/**
 * The interface language picker of the top bars and the landing page: a native select (keyboard,
 * screen readers and phones handle it natively), each language named in itself. The choice is
 * remembered on this device; the profile keeps the preferred language for e-mails.
 */
export function LanguageSwitcher({ id = 'language-switcher' }: { id?: string }) {
  const locale = currentLocale();
  return (
    <div className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'fg.muted', flexShrink: 0 })}>
      <Languages aria-hidden className={css({ width: '4', height: '4', display: { base: 'none', sm: 'block' } })} />
      <label htmlFor={id} className={css({ srOnly: true })}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLocale(event.target.value);
        }}
        className={cx(
          languageSelect,
          css({
            h: '9',
            maxW: { base: '24', sm: '32' },
            ps: '2',
            pe: '1',
            cursor: 'pointer',
            _focusVisible: { outline: '2px solid {colors.focusRing}', outlineOffset: '1px' },
          }),
        )}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LOCALE_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
