import { css } from 'styled-system/css';
import { formatPercent } from '../../format';
import { t } from '../../i18n';

/** The bar and line under a file upload: "Uploading N%", then "Processing..." once every byte is sent. */
export function UploadProgress({ progress }: { progress: number | null }) {
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <div
        role="progressbar"
        aria-label={t('admin.upload.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' })}
      >
        <div
          className={css({ h: 'full', bg: 'brand.solid', transition: 'width 0.2s' })}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {progress !== null && progress >= 1
          ? t('admin.upload.processing')
          : t('admin.upload.uploading', { percent: formatPercent(percent) })}
      </p>
    </div>
  );
}
