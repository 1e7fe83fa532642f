import { Eraser, Type } from 'lucide-react';
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { css } from 'styled-system/css';
import { t } from '../../i18n';
import { Button } from '../../ui';
import { SignatureCanvas, useSignaturePad } from './signature-pad';

export interface SignatureFieldHandle {
  /** The drawn (or typed) signature as a PNG data URL, or null when nothing is on the pad. */
  read(): string | null;
}

const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

/**
 * A signature drawn with a finger on the device, kept as a PNG. Drawing needs a pointer: the
 * keyboard alternative is "Sign with the typed name", which writes the person's typed name on the
 * pad in their stead (the sheet shows what is on the pad either way).
 */
export const SignatureField = forwardRef<SignatureFieldHandle, { label: string; typedName: string; testId: string }>(
  function SignatureField({ label, typedName, testId }, ref) {
    const typed = useRef(false);
    // A stroke after the typed name replaces it.
    const { canvas, pad: signaturePad } = useSignaturePad((made) => {
      if (typed.current) {
        made.clear();
        typed.current = false;
      }
    });
    const labelId = `${testId}-label`;

    useImperativeHandle(ref, () => ({
      read: () => {
        const current = signaturePad.current;
        if (!current || (current.isEmpty() && !typed.current)) return null;
        return current.toDataURL('image/png');
      },
    }));

    const writeName = () => {
      const element = canvas.current;
      const current = signaturePad.current;
      const name = typedName.trim();
      if (!element || !current || !name) return;
      current.clear();
      const context = element.getContext('2d');
      if (!context) return;
      context.fillStyle = '#111';
      context.font = `italic 28px "Segoe Script", "Brush Script MT", cursive`;
      context.textBaseline = 'middle';
      context.fillText(name, 16, element.offsetHeight / 2, element.offsetWidth - 32);
      typed.current = true;
    };

    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <SignatureCanvas ref={canvas} label={label} labelId={labelId} testId={testId} />
        <div className={row}>
          <Button
            type="button"
            variant="outline"
            size="lg"
            leftIcon={<Eraser />}
            onClick={() => {
              signaturePad.current?.clear();
              typed.current = false;
            }}
          >
            {t('talks.sign.clear')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="lg"
            leftIcon={<Type />}
            onClick={writeName}
            disabled={!typedName.trim()}
          >
            {t('talks.sign.typed')}
          </Button>
        </div>
      </div>
    );
  },
);
