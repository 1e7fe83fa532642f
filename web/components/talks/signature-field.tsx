import { Eraser, Type } from 'lucide-react';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { css } from 'styled-system/css';
import { t } from '../../i18n';
import { Button } from '../../ui';

export interface SignatureFieldHandle {
  /** The drawn (or typed) signature as a PNG data URL, or null when nothing is on the pad. */
  read(): string | null;
}

const pad = css({
  width: '100%',
  height: '40',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'fg.subtle',
  borderRadius: 'md',
  bg: 'white',
  touchAction: 'none',
});
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

/**
 * A signature drawn with a finger on the device, kept as a PNG. Drawing needs a pointer: the
 * keyboard alternative is "Sign with the typed name", which writes the person's typed name on the
 * pad in their stead (the sheet shows what is on the pad either way).
 */
export const SignatureField = forwardRef<SignatureFieldHandle, { label: string; typedName: string; testId: string }>(
  function SignatureField({ label, typedName, testId }, ref) {
    const canvas = useRef<HTMLCanvasElement>(null);
    const signaturePad = useRef<SignaturePad | null>(null);
    const typed = useRef(false);
    const labelId = `${testId}-label`;

    useEffect(() => {
      const element = canvas.current;
      if (!element) return;
      // Drawn at the device's pixel density so the stored image is sharp, and white so it prints.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      const made = new SignaturePad(element, { backgroundColor: 'rgb(255,255,255)' });
      made.addEventListener('beginStroke', () => {
        if (typed.current) {
          made.clear();
          typed.current = false;
        }
      });
      signaturePad.current = made;
      return () => {
        made.off();
        signaturePad.current = null;
      };
    }, []);

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
        <p id={labelId} className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
          {label}
        </p>
        <canvas ref={canvas} aria-labelledby={labelId} role="img" data-testid={testId} className={pad} />
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
