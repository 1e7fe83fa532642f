import { Paperclip } from 'lucide-react';
import { forwardRef, type ChangeEvent } from 'react';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { t } from '../../i18n';

export interface FilePickerProps {
  id: string;
  accept: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The chosen file's name, shown next to the button. */
  fileName?: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A file input whose button and "no file" line are in the interface language (the browser's own
 * file input speaks the browser's language, whatever the page's). The real input stays in the page,
 * visually hidden but focusable and named by the form's `<label htmlFor={id}>`; keyboard users open
 * the picker with Space or Enter on it, and the box shows its focus ring.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker(
  { id, accept, disabled, invalid, describedBy, fileName, onChange },
  ref,
) {
  return (
    <div
      className={wrap({
        align: 'center',
        gap: '3',
        position: 'relative',
        p: '2',
        fontSize: 'sm',
        borderWidth: '1px',
        borderStyle: 'dashed',
        borderRadius: 'lg',
        borderColor: invalid ? 'error.solid' : 'border.default',
        opacity: disabled ? 0.6 : 1,
        _focusWithin: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '1px' },
      })}
    >
      <input
        ref={ref}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={onChange}
        className={css({ srOnly: true })}
      />
      {/* A second label of the same input: clicking it opens the picker; hidden from the accessibility tree (the form's label names the input). */}
      <label
        htmlFor={id}
        aria-hidden
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1.5',
          px: '3',
          h: '8',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'md',
          bg: 'bg.surface',
          fontWeight: 'medium',
          cursor: disabled ? 'not-allowed' : 'pointer',
          _hover: disabled ? {} : { bg: 'bg.muted' },
        })}
      >
        <Paperclip size={14} aria-hidden />
        {t('admin.upload.choose')}
      </label>
      <span
        className={css({ color: fileName ? 'fg.default' : 'fg.muted', overflowWrap: 'anywhere', minW: 0 })}
        aria-hidden
      >
        {fileName || t('admin.upload.noFile')}
      </span>
    </div>
  );
});
